#!/usr/bin/env python3
"""Ops service panel.

Tiny FastAPI backend for the on-call dashboard: shows the state of the
application's systemd units and lets on-call restart one of them. The panel
runs as the unprivileged 'opspanel' user, which has a sudoers entry for the
restart commands.
"""
import argparse
import hmac
import logging
import os
import shlex
from subprocess import CalledProcessError, TimeoutExpired, check_output, run as sh_run
from typing import Dict, List

import uvicorn
from fastapi import Depends, FastAPI, Header, HTTPException
from pydantic import BaseModel

log = logging.getLogger("service-panel")

MANAGED_UNITS: Dict[str, str] = {
    "api": "shop-api.service",
    "worker": "shop-worker.service",
    "scheduler": "shop-scheduler.service",
    "nginx": "nginx.service",
}
ACTIONS = ("restart", "reload", "start", "stop")


class UnitState(BaseModel):
    name: str
    unit: str
    active: str
    since: str = ""


class ActionResult(BaseModel):
    unit: str
    action: str
    ok: bool
    detail: str = ""


def require_key(x_panel_key: str = Header(default="")):
    expected = os.environ.get("PANEL_API_KEY", "")
    if not expected or not hmac.compare_digest(x_panel_key, expected):
        raise HTTPException(status_code=401, detail="invalid key")


def unit_state(unit: str) -> Dict[str, str]:
    try:
        out = check_output(
            ["systemctl", "show", unit, "--property=ActiveState,ActiveEnterTimestamp"],
            text=True, timeout=5,
        )
    except (CalledProcessError, TimeoutExpired) as exc:
        log.warning("systemctl show %s failed: %s", unit, exc)
        return {"ActiveState": "unknown"}
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def systemctl_as_root(action: str, unit: str) -> ActionResult:
    argv: List[str] = ["sudo", "-n", "/bin/systemctl", action, unit]
    log.info("running %s", shlex.join(argv))
    proc = sh_run(argv, capture_output=True, text=True, timeout=60)
    return ActionResult(unit=unit, action=action, ok=proc.returncode == 0,
                        detail=(proc.stderr or proc.stdout).strip()[:500])


app = FastAPI(title="ops service panel")


@app.get("/units", response_model=List[UnitState], dependencies=[Depends(require_key)])
def list_units():
    states = []
    for name, unit in MANAGED_UNITS.items():
        st = unit_state(unit)
        states.append(UnitState(name=name, unit=unit,
                                active=st.get("ActiveState", "unknown"),
                                since=st.get("ActiveEnterTimestamp", "")))
    return states


@app.post("/units/{name}/{action}", response_model=ActionResult,
          dependencies=[Depends(require_key)])
def act_on_unit(name: str, action: str):
    unit = MANAGED_UNITS.get(name)
    if unit is None:
        raise HTTPException(status_code=404, detail="unknown unit")
    if action not in ACTIONS:
        raise HTTPException(status_code=400, detail="unsupported action")
    result = systemctl_as_root(action, unit)
    if not result.ok:
        log.error("%s %s failed: %s", action, unit, result.detail)
        raise HTTPException(status_code=502, detail=result.detail)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=9300)
    ap.add_argument("--log-level", default="info")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level.upper())
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level=args.log_level)


if __name__ == "__main__":
    main()
