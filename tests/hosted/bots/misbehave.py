"""A hosted test bot: the Python kit (kit_bot.py, its gen/ and .venv beside) with a
choose() that misbehaves as argv[1] says, once asked to decide:

- fork_bomb: forks without end; big_alloc: allocates and touches 4 GiB;
- busy_loop: spins on the CPU and never answers;
- exit_orphan MARKER: at its third decision starts a detached grandchild (its command
  line holds MARKER) and exits with code 3 in the middle of the match;
- illegal: answers an option index that does not exist;
- sleep SECONDS COUNT: sleeps SECONDS (using no CPU) before each of its first COUNT
  answers; spin SECONDS COUNT: spends SECONDS of its own CPU time busy before each of its
  first COUNT answers (``pin CPU`` before either: runs on that CPU only);
- escape REDIS_PORT TCP_PORT SECRET WRITE: as it starts, tries a Redis SET and a TCP
  connection on 127.0.0.1, to read SECRET and to create WRITE and a file in its own
  directory, says what happened on stderr, writes 100 MB to stderr, then plays normally.
"""

import contextlib
import os
import site
import socket
import subprocess
import sys
import time

behaviour = sys.argv[1]
if behaviour == "pin":
    os.sched_setaffinity(0, {int(sys.argv[2])})  # before the kit starts any thread
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
# The kit's packages, for whichever python3 runs this (the venv's own interpreter may be
# one the sandbox does not mount, e.g. pyenv's under /root).
site.addsitedir(os.path.join(here, ".venv", "lib", f"python{sys.version_info[0]}."
                                                    f"{sys.version_info[1]}", "site-packages"))
import kit_bot  # noqa: E402  (after the pinning above)

behaviour = sys.argv.pop(1)
extra = []
if behaviour == "exit_orphan":
    extra = [sys.argv.pop(1)]
elif behaviour == "escape":
    extra = [sys.argv.pop(1) for _ in range(4)]
elif behaviour == "pin":
    sys.argv.pop(1)
    behaviour = sys.argv.pop(1)
if behaviour in ("sleep", "spin"):
    extra = [float(sys.argv.pop(1)), int(sys.argv.pop(1))]
calls = 0


def attempt(label, action):
    try:
        print(f"ESCAPE {label}: {action()!r}", file=sys.stderr, flush=True)
    except Exception as error:  # what the sandbox did to it
        print(f"ESCAPE {label}: refused {type(error).__name__}: {error}", file=sys.stderr,
              flush=True)


def redis_set(port):
    with socket.create_connection(("127.0.0.1", int(port)), timeout=2) as sock:
        sock.sendall(b"*3\r\n$3\r\nSET\r\n$7\r\nescaped\r\n$3\r\nyes\r\n")
        return sock.recv(100)


def connect(port):
    socket.create_connection(("127.0.0.1", int(port)), timeout=2).close()
    return "connected"


def read(path):
    with open(path) as file:
        return file.read()


def write(path):
    with open(path, "w") as file:
        file.write("escaped\n")
    return "written"


def choose(request, rng):
    global calls
    calls += 1
    if behaviour == "fork_bomb":
        while True:
            with contextlib.suppress(OSError):
                os.fork()
    if behaviour == "big_alloc":
        block = b"x" * (4 << 30)
        return len(block) % len(request.options)
    if behaviour == "busy_loop":
        while True:
            pass
    if behaviour == "exit_orphan" and calls == 3:
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(1000)", extra[0]],
                         start_new_session=True, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os._exit(3)
    if behaviour == "sleep" and calls <= extra[1]:
        time.sleep(extra[0])
    if behaviour == "spin" and calls <= extra[1]:
        until = time.process_time() + extra[0]
        while time.process_time() < until:
            pass
    if behaviour == "illegal":
        return len(request.options) + 7
    return rng.randrange(len(request.options))


if behaviour == "escape":
    redis_port, tcp_port, secret, outside = extra
    attempt("redis", lambda: redis_set(redis_port))
    attempt("tcp", lambda: connect(tcp_port))
    attempt("secret", lambda: read(secret))
    attempt("write outside", lambda: write(outside))
    attempt("write own dir", lambda: write(os.path.join(os.path.dirname(
        os.path.abspath(__file__)), "planted.txt")))
    line = b"e" * 1023 + b"\n"
    for _ in range(100 * 1024):
        sys.stderr.buffer.write(line)
    sys.stderr.flush()
kit_bot.choose = choose
sys.exit(kit_bot.main())
