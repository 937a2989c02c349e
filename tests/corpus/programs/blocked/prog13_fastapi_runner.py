"""Internal job runner API: lets the scheduler UI start maintenance tasks."""
import logging
import shlex
import subprocess

from fastapi import FastAPI, HTTPException

log = logging.getLogger("runner")
app = FastAPI(title="job-runner")


@app.get("/healthz")
def healthz():
    return {"ok": True}


@app.post("/jobs/run")
def run_job(command: str, timeout: int = 120):
    log.info("starting %s", command)
    try:
        proc = subprocess.run(shlex.split(command), capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise HTTPException(status_code=504, detail="job timed out")
    return {"rc": proc.returncode, "stdout": proc.stdout[-4000:]}


if __name__ == "__main__":
    import uvicorn
    uvicorn.run(app, host="127.0.0.1", port=8700)
