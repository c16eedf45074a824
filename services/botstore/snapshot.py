"""A bot directory as one capped, reproducible archive, and back.

:func:`pack` writes the files the directory's content hash covers (not ``.git``, not
what the manifest's ``ignore`` names: build outputs) into a gzipped tar whose every
header is fixed (owner 0, time 0, mode 0755 or 0644 by the executable bit), so the same
files give the same bytes. :func:`unpack` takes only regular files and relative
symbolic links that stay inside, within :data:`MAX_UNPACKED_BYTES` and
:data:`MAX_FILES`, and checks the result hashes as named. Both raise
:class:`SnapshotError`, one line saying what is wrong.
"""

from __future__ import annotations

import gzip
import io
import os
import posixpath
import stat
import tarfile
from pathlib import Path

from services.botdir import BotDir, content_hash, load_bot_dir
from services.botdir.digest import hashed_files

MIB = 1 << 20
# The cap of a stored snapshot (gzipped): source code, not builds or data sets.
MAX_SNAPSHOT_BYTES = 8 * MIB
# Caps of what a snapshot unpacks to (a small archive may expand a lot).
MAX_UNPACKED_BYTES = 64 * MIB
MAX_FILES = 10_000


class SnapshotError(ValueError):
    """A bot directory cannot be packed, or an archive is not a snapshot to unpack."""


def pack(bot: BotDir) -> bytes:
    """The snapshot of ``bot``; SnapshotError if it is over a cap."""
    files = hashed_files(bot)
    if len(files) > MAX_FILES:
        raise SnapshotError(f"bot directory {bot.path} has {len(files)} files, over the cap "
                            f"of {MAX_FILES}; leave build outputs out with `ignore` in its "
                            "arena-bot.toml")
    raw = sum(path.lstat().st_size for _, path in files)
    if raw > MAX_UNPACKED_BYTES:
        raise SnapshotError(f"bot directory {bot.path} holds {raw:,} bytes, over the cap of "
                            f"{MAX_UNPACKED_BYTES:,} ({MAX_UNPACKED_BYTES // MIB} MiB); leave "
                            "build outputs and data out with `ignore` in its arena-bot.toml")
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", mtime=0) as zipped, \
            tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for relative, path in files:
            info = tarfile.TarInfo(relative)
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            info.mtime = 0
            mode = path.lstat().st_mode
            if stat.S_ISLNK(mode):
                info.type = tarfile.SYMTYPE
                info.linkname = os.readlink(path)
                info.mode = 0o777
                archive.addfile(info)
                continue
            info.mode = 0o755 if mode & stat.S_IXUSR else 0o644
            data = path.read_bytes()
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    packed = out.getvalue()
    if len(packed) > MAX_SNAPSHOT_BYTES:
        raise SnapshotError(
            f"bot directory {bot.path} packs to {len(packed):,} bytes, over the cap of "
            f"{MAX_SNAPSHOT_BYTES:,} ({MAX_SNAPSHOT_BYTES // MIB} MiB) per snapshot; leave "
            "build outputs and data out with `ignore` in its arena-bot.toml")
    return packed


def unpack(data: bytes, digest: str, dest: Path) -> BotDir:
    """Unpack the snapshot ``data`` into the new directory ``dest`` and check that its
    content hash is ``digest``; SnapshotError (and ``dest`` may hold a partial copy) if
    anything is wrong."""
    if len(data) > MAX_SNAPSHOT_BYTES:
        raise SnapshotError(f"snapshot {digest[:12]} is {len(data):,} bytes, over the cap")
    dest.mkdir(parents=True)
    total = count = 0
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            for member in archive:
                count += 1
                total += member.size
                if count > MAX_FILES or total > MAX_UNPACKED_BYTES:
                    raise SnapshotError(f"snapshot {digest[:12]} unpacks to more than "
                                        f"{MAX_FILES} files or {MAX_UNPACKED_BYTES:,} bytes")
                _extract(archive, member, dest)
    except (tarfile.TarError, EOFError, OSError, gzip.BadGzipFile) as error:
        raise SnapshotError(f"snapshot {digest[:12]} cannot be unpacked: {error}") from None
    try:
        bot = load_bot_dir(dest)
    except ValueError as error:
        raise SnapshotError(f"snapshot {digest[:12]}: {error}") from None
    found = content_hash(bot)
    if found != digest:
        raise SnapshotError(f"snapshot {digest[:12]} unpacked to content {found[:12]}")
    return bot


def _extract(archive: tarfile.TarFile, member: tarfile.TarInfo, dest: Path) -> None:
    name = member.name
    parts = name.split("/")
    if not name or name.startswith("/") or any(p in ("", ".", "..") for p in parts):
        raise SnapshotError(f"snapshot entry {name!r} is not a plain relative path")
    target = dest.joinpath(*parts)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.parent.resolve() != dest.resolve().joinpath(*parts[:-1]):
        raise SnapshotError(f"snapshot entry {name!r} goes through a link")
    if member.issym():
        link = member.linkname
        inside = posixpath.normpath(posixpath.join(posixpath.dirname(name), link))
        if not link or link.startswith("/") or inside == ".." or inside.startswith("../"):
            raise SnapshotError(f"snapshot link {name!r} -> {link!r} leaves the directory")
        os.symlink(link, target)
        return
    if not member.isfile():
        raise SnapshotError(f"snapshot entry {name!r} is not a file or a link")
    source = archive.extractfile(member)
    assert source is not None
    with open(target, "xb") as out:
        out.write(source.read())
    target.chmod(0o755 if member.mode & 0o100 else 0o644)
