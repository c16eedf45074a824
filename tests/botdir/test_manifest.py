"""arena-bot.toml: every kit's loads; each kind of bad file is one line naming the key;
the content hash follows the files and skips build outputs; a run's argv."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from services.botdir import (
    MANIFEST,
    BotDirError,
    content_hash,
    find_bot_dir,
    load_bot_dir,
    run_argv,
)

ROOT = Path(__file__).resolve().parents[2]
KITS = sorted(p.parent for p in (ROOT / "clients").glob(f"*/{MANIFEST}"))


def _bot(tmp_path: Path, text: str) -> Path:
    (tmp_path / MANIFEST).write_text(text)
    return tmp_path


def test_every_kit_is_a_bot_directory_that_builds_and_runs_with_its_run_script() -> None:
    assert [k.name for k in KITS] == ["cpp", "go", "java", "python", "rust", "typescript"]
    for kit in KITS:
        bot = load_bot_dir(kit)
        assert bot.name == f"{kit.name}-random"
        assert bot.path == kit.resolve()
        assert bot.build == ("./run", "--build-only") and os.access(kit / "run", os.X_OK)
        # run starts what the build made, as the last line of ./run does (exec ...).
        script = (kit / "run").read_text().strip().splitlines()[-1]
        assert script.startswith("exec "), script
        made = [word.replace('"$kit/', "").replace('"$build/', "build/").rstrip('"')
                .replace('"$venv/', ".venv/").replace('"$jar', "target/arena-bot.jar")
                for word in script.split()[1:-1]]
        assert [word.removeprefix("./") for word in bot.run] == made, (bot.run, script)
        assert find_bot_dir(str(kit)) == kit.resolve()
        assert bot.ignore, kit  # the build outputs stay out of the hash


def test_run_argv_appends_the_kit_contract_flags(tmp_path: Path) -> None:
    bot = load_bot_dir(_bot(tmp_path, 'name = "b"\nrun = "java -Xmx256m -jar \'my bot.jar\'"\n'))
    assert bot.build == ()
    assert run_argv(bot, "unix:/tmp/a.sock", "tok", 7) == [
        "java", "-Xmx256m", "-jar", "my bot.jar", "--server", "unix:/tmp/a.sock",
        "--token", "tok", "--matches", "0", "--seed", "7"]


@pytest.mark.parametrize(("text", "message"), [
    ('name = "b"\n', "missing 'run' (for example run = \"./run\")"),
    ('run = "./run"\n', "missing 'name'"),
    ('name = "b"\nrun = "./run"\nruns = "x"\nimage = "y"\n',
     "unknown keys 'image', 'runs' (known: name, build, run, ignore)"),
    ('name = "b"\nrun = 42\n', "'run' must be a string, not an integer (42)"),
    ('name = "b"\nrun = ["./run"]\n', "'run' must be a string, not an array"),
    ('name = "b"\nrun = "./run"\nbuild = true\n', "'build' must be a string, not a boolean"),
    ('name = 3\nrun = "./run"\n', "'name' must be a string, not an integer (3)"),
    ('name = "b"\nrun = "  "\n', "'run' is empty"),
    ('name = "b"\nrun = "./run \'x"\n', "'run' is not a command line (No closing quotation)"),
    ('name = "two words"\nrun = "./run"\n', "name 'two words' is not a bot name"),
    ('name = "b"\nrun = "./run"\nignore = "target/"\n', "'ignore' must be a list of patterns"),
    ('name = "b"\nrun = "./run"\nignore = [1]\n', "'ignore' holds an integer (1)"),
    ('name = "b"\nrun = "./run"\nignore = ["!keep"]\n', "'!' (re-include) is not supported"),
    ('name = "b"\nrun = "./run\n', "not valid TOML: "),
])
def test_a_bad_manifest_is_one_line_naming_the_file_and_key(
        tmp_path: Path, text: str, message: str) -> None:
    _bot(tmp_path, text)
    with pytest.raises(BotDirError) as caught:
        load_bot_dir(tmp_path)
    said = str(caught.value)
    assert "\n" not in said, said
    assert said.startswith(f"{tmp_path / MANIFEST}: "), said
    assert message in said, said


def test_a_directory_without_a_manifest_is_not_a_bot_directory(tmp_path: Path) -> None:
    assert find_bot_dir(str(tmp_path)) is None
    assert find_bot_dir(str(tmp_path / "missing")) is None
    assert find_bot_dir("random") is None and find_bot_dir("bots/mine.py:Mine") is None
    with pytest.raises(BotDirError, match=f"has no {MANIFEST} "):
        load_bot_dir(tmp_path)
    with pytest.raises(BotDirError, match="does not exist or is not a directory"):
        load_bot_dir(tmp_path / "missing")


def test_the_content_hash_follows_sources_and_skips_build_outputs(tmp_path: Path) -> None:
    _bot(tmp_path, 'name = "b"\nrun = "./run"\nignore = ["/target/", "*.o", "cache/"]\n')
    (tmp_path / "run").write_text("#!/bin/sh\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.c").write_text("int main(void) { return 0; }\n")
    first = content_hash(load_bot_dir(tmp_path))

    # Build outputs, ignored by pattern, and .git change nothing.
    for output in ("target/release/bot", "src/main.o", "src/cache/x", "cache/y", ".git/HEAD"):
        (tmp_path / output).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / output).write_text("built")
    assert content_hash(load_bot_dir(tmp_path)) == first

    # "/target/" is anchored: a source directory of that name deeper down counts.
    (tmp_path / "src" / "target").mkdir()
    (tmp_path / "src" / "target" / "t.c").write_text("")
    second = content_hash(load_bot_dir(tmp_path))
    assert second != first

    # An edit, an executable bit, a rename and a link each change it.
    hashes = {second}
    (tmp_path / "src" / "main.c").write_text("int main(void) { return 1; }\n")
    hashes.add(content_hash(load_bot_dir(tmp_path)))
    (tmp_path / "run").chmod(0o755)
    hashes.add(content_hash(load_bot_dir(tmp_path)))
    (tmp_path / "src" / "main.c").rename(tmp_path / "src" / "bot.c")
    hashes.add(content_hash(load_bot_dir(tmp_path)))
    (tmp_path / "link").symlink_to("src/bot.c")
    hashes.add(content_hash(load_bot_dir(tmp_path)))
    assert len(hashes) == 5
    # Same files, same hash: it depends on content, not on where the directory is.
    copy = tmp_path.parent / (tmp_path.name + "-copy")
    shutil.copytree(tmp_path, copy, symlinks=True)
    assert content_hash(load_bot_dir(copy)) == content_hash(load_bot_dir(tmp_path))
