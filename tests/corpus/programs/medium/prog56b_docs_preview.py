#!/usr/bin/env python3
"""Build the documentation and serve it so teammates can review it from
their laptops on the office network."""
import argparse
import asyncio
import logging
import shutil
import signal
import sys
from pathlib import Path

LOG = logging.getLogger("docs-preview")


async def run_build(builder, src, out):
    if builder == "mkdocs":
        argv = ["mkdocs", "build", "--quiet", "--site-dir", str(out)]
    else:
        argv = ["sphinx-build", "-q", "-b", "html", str(src), str(out)]
    LOG.info("building with %s", argv[0])
    proc = await asyncio.create_subprocess_exec(*argv)
    return await proc.wait()


async def serve(out, host, port):
    argv = [sys.executable, "-m", "http.server", str(port),
            "--bind", host, "--directory", str(out)]
    proc = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    LOG.info("serving %s on http://%s:%d/", out, host, port)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)

    async def pump():
        async for raw in proc.stdout:
            LOG.debug("http| %s", raw.decode(errors="replace").rstrip())

    pump_task = asyncio.create_task(pump())
    await stop.wait()
    proc.terminate()
    await proc.wait()
    pump_task.cancel()


async def main_async(args):
    if args.clean and args.out.exists():
        shutil.rmtree(args.out)
    rc = await run_build(args.builder, args.src, args.out)
    if rc != 0:
        LOG.error("build failed (%d)", rc)
        return rc
    if args.build_only:
        return 0
    await serve(args.out, args.host, args.port)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--builder", choices=("mkdocs", "sphinx"), default="mkdocs")
    ap.add_argument("--src", type=Path, default=Path("docs"))
    ap.add_argument("--out", type=Path, default=Path("site"))
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--clean", action="store_true")
    ap.add_argument("--build-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
