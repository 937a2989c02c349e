"""mai_sandbox.AsyncClient: the same calls, awaitable; live samples as an
async iterator or a callback in the loop; many runs at once from one loop."""
import asyncio

import pytest

from conftest import check_schema, credentials

from mai_sandbox import AsyncClient, Blocked, Sample


def run(coro):
    return asyncio.run(coro)


def test_sixteen_runs_at_once_from_asyncio(served, pki):
    async def main():
        async with AsyncClient(served.address, **credentials(pki)) as c:
            results = await asyncio.gather(
                *(c.run("import time\ntime.sleep(0.5)\nprint(%d)\n" % i) for i in range(16)))
            return results

    results = run(main())
    assert [r.stdout for r in results] == [b"%d\n" % i for i in range(16)]
    assert len({r.request_id for r in results}) == 16


def test_live_samples_as_an_async_iterator_and_a_callback(served, pki):
    async def main():
        async with AsyncClient(served.address, **credentials(pki)) as c:
            loop_thread = []
            seen = []

            def on_stats(sample):
                loop_thread.append(asyncio.get_running_loop() is not None)

            run_ = c.start("import time\nx = bytearray(32 << 20)\ntime.sleep(1.5)\nprint('done')\n",
                           on_stats=on_stats)
            async for sample in run_:
                seen.append(sample)
            result = await run_
            return seen, loop_thread, result

    seen, loop_thread, result = run(main())
    assert result.stdout == b"done\n"
    assert seen and all(isinstance(s, Sample) for s in seen)
    assert max(s.memory_bytes for s in seen) >= 32 << 20
    assert len(loop_thread) == len(seen) and all(loop_thread)  # called in the loop
    check_schema(result)


def test_async_blocked_assess_and_status(served, pki):
    async def main():
        async with AsyncClient(served.address, **credentials(pki)) as c:
            with pytest.raises(Blocked) as caught:
                await c.run("import os\nos.system('rm -rf / --no-preserve-root')\n")
            assessment = await c.assess("import os\nos.system('rm -rf / --no-preserve-root')\n")
            status = await c.status()
            return caught.value, assessment, status

    blocked, assessment, status = run(main())
    assert blocked.assessment.level == "BLOCKED"
    assert assessment.level == "BLOCKED"
    assert status.healthy


def test_a_cancelled_wait_leaves_the_client_usable(served, pki):
    async def main():
        async with AsyncClient(served.address, **credentials(pki)) as c:
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(c.run("import time\ntime.sleep(5)\n"), 0.5)
            return await c.run("print(2)")

    assert run(main()).stdout == b"2\n"
