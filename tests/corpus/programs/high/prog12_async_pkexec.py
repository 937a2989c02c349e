"""Restarts the print spooler from the desktop applet."""
import asyncio
import logging

log = logging.getLogger("applet")

ACTION = {"helper": "pkexec", "args": ["/usr/sbin/service", "cups", "restart"]}


async def restart() -> int:
    proc = await asyncio.create_subprocess_exec(ACTION["helper"], *ACTION["args"],
                                                stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    if proc.returncode:
        log.error("restart failed: %s", err.decode().strip())
    return proc.returncode


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    raise SystemExit(asyncio.run(restart()))
