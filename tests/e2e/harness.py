"""Shared helpers for the end-to-end tests: they drive the real
build/bin/mai-sandbox binary, each test class with its own state directory,
and validate every JSON output against the project's schemas."""
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import time
import unittest

import jsonschema

SOURCE_DIR = pathlib.Path(os.environ.get("MAI_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
BINARY_DIR = pathlib.Path(os.environ.get("MAI_BINARY_DIR", SOURCE_DIR / "build"))
BINARY = BINARY_DIR / "bin" / "mai-sandbox"
EXAMPLES = SOURCE_DIR / "examples"
SCHEMAS = SOURCE_DIR / "schemas"


def _schema_store():
    store = {}
    for path in SCHEMAS.glob("*.json"):
        schema = json.loads(path.read_text())
        store[schema.get("$id", path.name)] = schema
        store[path.name] = schema
    return store


_STORE = _schema_store()


try:  # jsonschema >= 4.18 resolves references through `referencing`
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    _REGISTRY = Registry().with_resources(
        (uri, Resource.from_contents(schema, default_specification=DRAFT202012))
        for uri, schema in _STORE.items())
except ImportError:  # Debian 12's jsonschema 4.10
    _REGISTRY = None


def validate(instance, schema_file):
    """Raises jsonschema.ValidationError if `instance` does not match."""
    schema = _STORE[schema_file]
    if _REGISTRY is not None:
        jsonschema.Draft202012Validator(schema, registry=_REGISTRY).validate(instance)
        return
    resolver = jsonschema.RefResolver(base_uri=schema.get("$id", ""), referrer=schema, store=_STORE)
    jsonschema.Draft202012Validator(schema, resolver=resolver).validate(instance)


def processes_in_cgroups_of(run_ids):
    """The pids of processes in any cgroup whose path names one of `run_ids`
    (a run's processes; other tests may run sandboxes as the same uid)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cgroups = pathlib.Path(f"/proc/{pid}/cgroup").read_text()
        except OSError:
            continue
        if any(run_id in cgroups for run_id in run_ids):
            found.append(pid)
    return found


class Result:
    def __init__(self, proc):
        self.code = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr

    def json(self):
        return json.loads(self.stdout)

    def __repr__(self):
        return f"exit {self.code}\n--- stdout\n{self.stdout[-3000:]}\n--- stderr\n{self.stderr[-3000:]}"


class CliTestCase(unittest.TestCase):
    """A test case with a fresh state directory and the repository's config."""

    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="mai-e2e-"))
        self.state = self.tmp / "state"
        self.config = SOURCE_DIR / "config"

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def cli(self, *args, stdin=None, timeout=120, config=True, state=True, env=None, text=True):
        """Runs the binary; arguments may be str, bytes or paths. text=False
        keeps stdin, stdout and stderr as bytes."""
        cmd = [str(BINARY)]
        if config:
            cmd += ["--config", str(self.config)]
        if state:
            cmd += ["--state", str(self.state)]
        cmd += [a if isinstance(a, bytes) else str(a) for a in args]
        full_env = dict(os.environ)
        full_env.update(env or {})
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=text, timeout=timeout,
                              env=full_env, cwd=self.tmp)
        return Result(proc)

    def wait_until(self, read, enough, what, timeout=120, every=0.2):
        """Calls read() until enough(its value) holds and returns that value;
        fails naming `what` after `timeout` seconds. For what arrives later
        than an answer (spooled events, a lost worker): fixed sleeps break
        on a loaded machine."""
        deadline = time.time() + timeout
        while True:
            value = read()
            if enough(value):
                return value
            if time.time() > deadline:
                self.fail(f"never saw {what} (last: {str(value)[:500]})")
            time.sleep(every)

    def edit_config(self, name, edit):
        """A copy of the repository's config (made once per test, then used
        by every command) with `name` (e.g. "sandbox.yaml") replaced by
        edit(its text); returns the edited file's path."""
        copy = self.tmp / "config"
        if self.config != copy:
            shutil.copytree(self.config, copy)
            self.config = copy
        path = copy / name
        path.write_text(edit(path.read_text()))
        return path

    def run_json(self, *args, **kw):
        """`run --json`; checks the exit status and the schema, returns the object."""
        res = self.cli("run", "--json", *args, **kw)
        self.assertIn(res.code, (0, 125), res)
        result = res.json()
        validate(result, "result.schema.json")
        return result

    def write(self, name, text):
        path = self.tmp / name
        path.write_text(text)
        return path
