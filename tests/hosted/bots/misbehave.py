"""A hosted test bot: the Python kit (kit_bot.py, its gen/ and .venv beside) with a
choose() that misbehaves as argv[1] says, once asked to decide:

- fork_bomb: forks without end; big_alloc: allocates and touches 4 GiB;
- busy_loop: spins on the CPU and never answers;
- exit_orphan MARKER: at its third decision starts a detached grandchild (its command
  line holds MARKER) and exits with code 3 in the middle of the match;
- illegal: answers an option index that does not exist;
- escape REDIS_PORT TCP_PORT SECRET WRITE: as it starts, tries a Redis SET and a TCP
  connection on 127.0.0.1, to read SECRET and to create WRITE and a file in its own
  directory, says what happened on stderr, writes 100 MB to stderr, then plays normally.
"""

import contextlib
import os
import socket
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kit_bot

behaviour = sys.argv.pop(1)
extra = []
if behaviour == "exit_orphan":
    extra = [sys.argv.pop(1)]
elif behaviour == "escape":
    extra = [sys.argv.pop(1) for _ in range(4)]
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
