"""The kits' languages work in the sandbox: a build compiles C++, Rust and Java with the
machine's toolchains and the Go toolchain answers; the play sandbox (no network, read-only
directory) runs the results, Node.js and Python. (A Go build from a cold cache takes
minutes on a small machine: measured by hand, 131 s, and not repeated here.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from services.sandbox import Sandbox, build, bwrap_available

pytestmark = [
    pytest.mark.timeout(240),
    pytest.mark.skipif(shutil.which("bwrap") is None or not bwrap_available(),
                       reason="bubblewrap is not installed or cannot run here"),
]

SOURCES = {
    "hello.cpp": '#include <iostream>\nint main() { std::cout << "hello cpp" << std::endl; }\n',
    "hello.rs": 'fn main() { println!("hello rust"); }\n',
    "Hello.java": 'public class Hello { public static void main(String[] a) { '
                  'System.out.println("hello java"); } }\n',
    "hello.js": 'console.log("hello node");\n',
    "hello.py": 'print("hello python")\n',
}
BUILDS = {"cpp": "g++ -O1 -o hello-cpp hello.cpp", "rust": "rustc -o hello-rs hello.rs",
          "java": "javac Hello.java", "go": "go version > go-version.txt"}
RUNS = {"cpp": ["./hello-cpp"], "rust": ["./hello-rs"], "java": ["java", "-cp", ".", "Hello"],
        "node": ["node", "hello.js"], "python": ["python3", "hello.py"]}
TOOLS = {"cpp": "g++", "rust": "rustc", "java": "javac", "go": "go", "node": "node",
         "python": "python3"}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("runtimes") / "bot"
    directory.mkdir()
    for name, text in SOURCES.items():
        (directory / name).write_text(text)
    steps = [command for language, command in BUILDS.items() if shutil.which(TOOLS[language])]
    build(directory, " && ".join(steps), timeout=200, cache_dir=directory.parent / "cache")
    return directory


@pytest.mark.parametrize("language", sorted(RUNS))
def test_language_runs_in_the_play_sandbox(built: Path, language: str) -> None:
    if shutil.which(TOOLS[language]) is None:
        pytest.skip(f"{TOOLS[language]} is not installed")
    process = Sandbox(built, log_dir=built.parent / "logs").start(RUNS[language], None,
                                                                   log_name=language)
    assert process.wait(60) == 0, process.log_tail()
    process.kill()
    assert process.log_tail() == f"hello {language}"


def test_go_toolchain_answers_in_the_build_sandbox(built: Path) -> None:
    if shutil.which("go") is None:
        pytest.skip("go is not installed")
    assert (built / "go-version.txt").read_text().startswith("go version go")
