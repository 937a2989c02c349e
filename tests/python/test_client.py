"""mai_sandbox.Client against a real `mai-sandbox serve` over mutual TLS:
runs, BLOCKED and its override, a timeout, a limit kill, non-UTF-8 output,
16 threads at once, rejected and malformed requests, assessment only."""
import threading

import pytest

from conftest import check_schema, credentials
from harness import EXAMPLES

import mai_sandbox
from mai_sandbox import Blocked, Client, Rejected, UsageError

DANGEROUS = "import os\nos.system('rm -rf / --no-preserve-root')\n"


def test_a_run_returns_the_result_of_the_schema(client):
    samples = []
    result = client.run('import time\nprint("hello")\ntime.sleep(1)\n', on_stats=samples.append)
    assert result.status == "completed"
    assert result.stdout == b"hello\n"
    assert result.execution.stdout_text == "hello\n"
    assert result.execution.termination == "exited"
    assert result.exit_code == 0
    assert result.execution.trust == "unknown" and result.execution.network == "none"
    assert "pid" in result.execution.isolation
    assert result.assessment.level == "LOW"
    assert result.audit is not None and result.audit.seq_first <= result.audit.seq_last
    assert result.request_id
    check_schema(result)
    # Live samples came while it ran (every 100 ms, config/sandbox.yaml).
    assert samples and all(isinstance(s, mai_sandbox.Sample) for s in samples)
    assert all(s.pids >= 1 for s in samples)


def test_refused_writes_come_back(client):
    result = client.run("import os\nfor p in ['/usr/x', b'/etc/\\xff']:\n"
                        "    try:\n        open(p, 'w')\n    except OSError:\n        pass\n"
                        "open('/sandbox/fine', 'w')\n")
    check_schema(result)
    refused = result.execution.refused_writes
    assert refused.counted and refused.count == 2
    assert [(w.call, w.path) for w in refused.first] == [("openat", b"/usr/x"), ("openat", b"/etc/\xff")]
    assert refused.first[1].path_text == "/etc/\ufffd"  # readable; .path has the exact bytes


def test_the_program_exit_status_and_stderr(client):
    result = client.run("import sys\nsys.stderr.write('bad\\n')\nraise SystemExit(7)\n")
    assert result.exit_code == 7
    assert result.stderr == b"bad\n"
    assert result.execution.termination == "exited"


def test_blocked_then_override(client):
    with pytest.raises(Blocked) as caught:
        client.run(DANGEROUS)
    blocked = caught.value
    assert blocked.assessment.level == "BLOCKED"
    assert blocked.assessment.findings
    assert blocked.explanation
    assert blocked.code == "blocked"
    assert blocked.result.execution is None
    assert blocked.result.audit is not None  # the refusal is on record
    check_schema(blocked.result)
    # The override runs it, in the sandbox (read-only root, its own user
    # namespace), with untrusted limits and no network, as e2e/test_remote does.
    result = client.run(DANGEROUS, override_reason="pytest: the override path")
    assert result.status == "completed"
    assert result.assessment.level == "BLOCKED"
    assert result.execution.trust == "untrusted"
    assert result.policy_notes
    check_schema(result)


def test_timeout(client):
    result = client.run("import time\ntime.sleep(30)\n", timeout=1)
    assert result.execution.termination == "timeout"
    assert result.exit_code == 124
    assert result.execution.limits.timeout_ms == 1000
    check_schema(result)


def test_memory_limit_kill(client):
    result = client.run((EXAMPLES / "memory_hog.py").read_text(), memory="64M")
    assert result.execution.termination == "memory_limit"
    assert result.execution.killed_for_limit
    assert result.exit_code == 137
    assert result.execution.violation
    assert result.execution.limits.memory_bytes == 64 << 20
    check_schema(result)


def test_output_that_is_not_utf8_keeps_its_bytes(client):
    raw = b"\xff\xfe caf\xe9 \x00 end\n"
    result = client.run("import sys\nsys.stdout.buffer.write(%r)\nsys.stderr.buffer.write(b'\\x80')\n"
                        % raw)
    assert result.stdout == raw
    assert result.stderr == b"\x80"
    assert isinstance(result.execution.stdout_text, str)
    assert result.execution.stdout_text.endswith(" end\n")
    check_schema(result)


def test_shell_and_bytes_code(client):
    result = client.run(b"echo \"$((6 * 7))\"\n", lang="shell")
    assert result.stdout == b"42\n"


def test_sixteen_threads_submit_at_once(client):
    results, errors = {}, []
    barrier = threading.Barrier(16)

    def submit(i):
        try:
            barrier.wait()
            results[i] = client.run("import time\ntime.sleep(0.5)\nprint(%d)\n" % i)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    assert not errors, errors
    assert sorted(results) == list(range(16))
    for i, result in results.items():
        assert result.stdout == b"%d\n" % i
    assert len({r.request_id for r in results.values()}) == 16


def test_a_client_over_its_limit_is_rejected_with_the_reason(served, pki):
    # config/service.yaml lets one client have 16 submissions in flight: the
    # 17th to 24th of 24 at once are refused (client_busy), audited.
    with Client(served.address, **credentials(pki, "other")) as c:
        outcomes, lock = [], threading.Lock()
        barrier = threading.Barrier(24)

        def submit():
            barrier.wait()
            try:
                r = c.run("import time\ntime.sleep(2)\n")
                with lock:
                    outcomes.append(r.status)
            except Rejected as e:
                with lock:
                    outcomes.append(e)

        threads = [threading.Thread(target=submit) for _ in range(24)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=600)
    rejected = [o for o in outcomes if isinstance(o, Rejected)]
    assert len(outcomes) == 24
    assert rejected, outcomes
    for e in rejected:
        assert e.reason == "client_busy"
        assert e.result.status == "rejected" and e.result.audit is not None
    assert outcomes.count("completed") >= 16


def test_code_too_large_is_rejected(client):
    with pytest.raises(Rejected) as caught:
        client.run("x = 1\n" * ((2 << 20) // 6))  # 2 MiB; the service allows 1 MiB
    assert caught.value.reason == "code_too_large"
    check_schema(caught.value.result)


def test_bad_arguments_are_usage_errors(client):
    for kwargs in ({"lang": "cobol"}, {"trust": "total"}, {"network": "all"}, {"backend": "vm"},
                   {"timeout": 0}, {"memory": "lots"}, {"pids": -1}, {"cpus": 0}):
        with pytest.raises(UsageError):
            client.run("print(1)", **kwargs)
    with pytest.raises(ValueError):  # UsageError is a ValueError
        client.run(42)
    assert client.run("print(1)").stdout == b"1\n"  # the connection is fine


def test_limits_above_the_cap_are_clamped_and_said(client):
    result = client.run("print(1)", trust="untrusted", memory="2G")
    assert result.execution.limits.memory_bytes <= 256 << 20
    assert any("memory" in note for note in result.policy_notes)


def test_assess_only(client):
    a = client.assess(DANGEROUS)
    assert a.level == "BLOCKED" and a.blocked
    assert any(f.level == "BLOCKED" for f in a.findings)
    assert a.explanation
    assert client.assess('print("hi")').level == "LOW"
    assert client.assess("rm -rf /", lang="shell").level == "BLOCKED"
    with pytest.raises(UsageError):
        client.assess("print(1)", lang="cobol")


def test_status(client):
    status = client.status()
    assert status.healthy, status.problems
    assert status.workers and status.workers[0].slots >= 1
    assert client.connected


def test_an_exception_in_the_stats_callback_does_not_end_the_run(client, monkeypatch):
    import sys
    seen = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: seen.append(u.exc_value))

    def broken(sample):
        raise RuntimeError("callback bug")

    result = client.run("import time\ntime.sleep(0.5)\nprint('still here')\n", on_stats=broken)
    assert result.stdout == b"still here\n"
    assert seen and all(isinstance(e, RuntimeError) for e in seen)
