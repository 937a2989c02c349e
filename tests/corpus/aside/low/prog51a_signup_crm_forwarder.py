"""Small FastAPI service that accepts newsletter sign-ups and forwards them to
the CRM in a background task so the HTTP response stays fast."""
import logging
import os
from datetime import datetime, timezone

import httpx
from fastapi import BackgroundTasks, FastAPI, HTTPException
from pydantic import BaseModel, EmailStr

logger = logging.getLogger("signup")
logging.basicConfig(level=logging.INFO)

CRM_BASE = os.environ.get("CRM_BASE_URL", "https://api.pipedrive.example/v1")
CRM_TOKEN_VAR = "CRM_API_TOKEN"
MAX_RETRIES = 3

app = FastAPI(title="signup-forwarder")


class Signup(BaseModel):
    email: EmailStr
    name: str | None = None
    source: str = "website"
    consent: bool


class CrmForwarder:
    def __init__(self, base: str, token: str):
        self.base = base.rstrip("/")
        self._headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}

    async def push(self, signup: Signup) -> None:
        body = {
            "email": signup.email,
            "name": signup.name or signup.email.split("@")[0],
            "labels": [signup.source],
            "consent_at": datetime.now(timezone.utc).isoformat(),
        }
        async with httpx.AsyncClient(base_url=self.base, timeout=10.0) as client:
            for attempt in range(1, MAX_RETRIES + 1):
                try:
                    r = await client.post("/persons", json=body, headers=self._headers)
                    r.raise_for_status()
                    logger.info("forwarded %s (attempt %d)", signup.email, attempt)
                    return
                except httpx.HTTPStatusError as exc:
                    if exc.response.status_code < 500:
                        logger.error("CRM rejected %s: %s", signup.email, exc.response.text)
                        return
                except httpx.TransportError as exc:
                    logger.warning("transport error: %s", exc)
        logger.error("giving up on %s", signup.email)


def get_forwarder() -> CrmForwarder:
    token = os.getenv(CRM_TOKEN_VAR)
    if not token:
        raise HTTPException(status_code=503, detail="CRM not configured")
    return CrmForwarder(CRM_BASE, token)


@app.post("/signup", status_code=202)
async def signup(payload: Signup, tasks: BackgroundTasks):
    if not payload.consent:
        raise HTTPException(status_code=400, detail="consent required")
    forwarder = get_forwarder()
    tasks.add_task(forwarder.push, payload)
    return {"queued": True}


@app.get("/healthz")
async def healthz():
    return {"ok": True, "crm_configured": bool(os.getenv(CRM_TOKEN_VAR))}


if __name__ == "__main__":
    import uvicorn

    uvicorn.run(app, host="127.0.0.1", port=int(os.getenv("PORT", "8081")))
