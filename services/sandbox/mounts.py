"""The bubblewrap command line of one sandbox: what the bot sees of the filesystem, which
namespaces it gets, and its environment.

Only what a language runtime needs is visible, read-only: /usr (with /usr/local/go and
/usr/lib/jvm), the merged-/usr symlinks /bin, /lib..., a short list of /etc files, and
the bin directories of toolchains installed outside /usr (rustup's ~/.cargo/bin and its
toolchains). /home, /root, /run, /var, /work, /srv, /opt and the rest of /etc do not
exist inside. /tmp is a private size-limited tmpfs, /proc belongs to the sandbox's own pid
namespace, /dev holds only null, zero, random, urandom, tty, full and shm.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from services.sandbox.limits import Limits

ENDPOINT_INSIDE = "/run/arena/endpoint.sock"
CACHE_INSIDE = "/home/bot"
SANDBOX_UID = 65534  # nobody: the bot's uid inside its user namespace

# Top-level entries that are symlinks into /usr on a merged-/usr system, bound as such.
_ROOT_LINKS = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# /etc entries a runtime or a dynamic linker reads; nothing that holds accounts' secrets.
_ETC_PLAY = ("alternatives", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime",
             "nsswitch.conf", "passwd", "group", "host.conf", "hosts", "gai.conf",
             "protocols", "services", "mime.types", "ssl", "ca-certificates",
             "java-17-openjdk", "java-21-openjdk", "java-25-openjdk", "fonts", "timezone",
             "os-release", "debian_version", "magic", "magic.mime", "python3", "python3.11")
# A build also resolves names and talks to package registries (with the machine's
# registry configuration: a mirror, a proxy).
_ETC_BUILD = ("resolv.conf", "pip.conf", "npmrc", "maven", "gitconfig", "wgetrc")
_PROXY_VARIABLES = ("http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY", "HTTPS_PROXY",
                    "NO_PROXY")
# Toolchains often installed outside /usr; their bin directories join PATH, read-only.
_TOOLS = ("cargo", "rustc", "rustup", "go", "java", "javac", "mvn", "node", "npm", "g++",
          "cmake", "protoc")
_SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


@dataclass(frozen=True)
class View:
    """What one sandbox sees and may do.

    bot_dir: the bot directory, bound at its own absolute path (the kits' build outputs
        hold absolute paths, so a build and the play must see the same one).
    writable: the bot directory is writable (a build) or read-only (playing).
    network: share the host's network (a build reaching package registries) instead of
        an empty network namespace.
    endpoint: a unix socket on the host, bound at ENDPOINT_INSIDE.
    cache_dir: a persistent writable directory, bound at CACHE_INSIDE and used as HOME
        (cargo, Go, Maven, npm and pip caches live under it).
    extra_ro: more host paths bound read-only at the same place (e.g. the proto/
        directory a kit compiles).
    env: variables the bot gets beside PATH, HOME, TMPDIR and LANG (its own token).
    """

    bot_dir: Path
    writable: bool = False
    network: bool = False
    endpoint: Path | None = None
    cache_dir: Path | None = None
    extra_ro: Sequence[Path] = ()
    env: Mapping[str, str] = field(default_factory=dict)


def toolchain_dirs() -> list[str]:
    """Bin directories of toolchains found on this process's PATH outside /usr."""
    dirs: list[str] = []
    for tool in _TOOLS:
        found = shutil.which(tool)
        if found is None:
            continue
        directory = os.path.dirname(found)
        if directory.startswith("/usr/") and not directory.startswith("/usr/local/"):
            continue
        if directory not in dirs:
            dirs.append(directory)
    return dirs


def _rustup_home() -> str | None:
    home = os.environ.get("RUSTUP_HOME") or os.path.expanduser("~/.rustup")
    return home if os.path.isdir(home) else None


def environment(view: View, tool_dirs: Sequence[str]) -> dict[str, str]:
    """The whole environment of the sandboxed command (the sandbox starts from empty)."""
    env = {"PATH": ":".join([*tool_dirs, _SYSTEM_PATH]), "LANG": "C.UTF-8", "TMPDIR": "/tmp",
           "HOME": CACHE_INSIDE if view.cache_dir else "/tmp"}
    rustup = _rustup_home()
    if rustup:
        env["RUSTUP_HOME"] = rustup
    if view.cache_dir:
        env.update(CARGO_HOME=f"{CACHE_INSIDE}/.cargo", GOPATH=f"{CACHE_INSIDE}/go",
                   GOCACHE=f"{CACHE_INSIDE}/.cache/go-build",
                   npm_config_cache=f"{CACHE_INSIDE}/.npm",
                   PIP_CACHE_DIR=f"{CACHE_INSIDE}/.cache/pip")
    if view.network:
        env.update({name: os.environ[name] for name in _PROXY_VARIABLES if name in os.environ})
    env.update(view.env)
    return env


def bwrap_arguments(view: View, limits: Limits, info_fd: int,
                    slirp_fds: tuple[int, int] | None = None) -> list[str]:
    """The bwrap options (everything before the command) for ``view``.

    A view with ``network`` gets its own network namespace served by slirp4netns when
    ``slirp_fds`` (block_fd, resolv_conf_fd) are given: bwrap waits on block_fd until the
    network is up, and /etc/resolv.conf is read from resolv_conf_fd. Without them it
    shares the host's network."""
    args = ["--unshare-all", "--unshare-user", "--disable-userns",
            "--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_UID), "--cap-drop", "ALL",
            "--die-with-parent", "--new-session", "--hostname", "sandbox",
            "--info-fd", str(info_fd)]
    if slirp_fds is not None:
        args += ["--block-fd", str(slirp_fds[0])]
    elif view.network:
        args.append("--share-net")
    args += ["--ro-bind", "/usr", "/usr"]
    for link in _ROOT_LINKS:
        if os.path.islink(link):
            args += ["--symlink", os.readlink(link), link]
        elif os.path.isdir(link):
            args += ["--ro-bind", link, link]
    etc = _ETC_PLAY + (_ETC_BUILD if view.network else ())
    for name in etc:
        if name == "resolv.conf" and slirp_fds is not None:
            args += ["--ro-bind-data", str(slirp_fds[1]), "/etc/resolv.conf"]
        else:
            args += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    args += ["--proc", "/proc", "--dev", "/dev",
             "--size", str(limits.tmp_bytes), "--perms", "1777", "--tmpfs", "/tmp"]
    tool_dirs = toolchain_dirs()
    for directory in tool_dirs:
        args += ["--ro-bind", directory, directory]
    rustup = _rustup_home()
    if rustup and any(d.startswith(os.path.dirname(rustup)) for d in tool_dirs):
        args += ["--ro-bind", rustup, rustup]
    for path in view.extra_ro:
        args += ["--ro-bind", str(path), str(path)]
    bot_dir = str(view.bot_dir)
    args += ["--bind" if view.writable else "--ro-bind", bot_dir, bot_dir]
    if view.cache_dir is not None:
        args += ["--bind", str(view.cache_dir), CACHE_INSIDE]
    if view.endpoint is not None:
        args += ["--ro-bind", str(view.endpoint), ENDPOINT_INSIDE]
    args += ["--remount-ro", "/", "--chdir", bot_dir, "--clearenv"]
    for name, value in environment(view, tool_dirs).items():
        args += ["--setenv", name, value]
    return args
