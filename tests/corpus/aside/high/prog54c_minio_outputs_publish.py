"""Publish model evaluation outputs to the lab MinIO cluster.

The lab cluster has no public DNS record, so the gateway address is pinned
in the hosts file of the runner before uploading.  Files under ./outputs are
uploaded with the MinIO SDK using the runner's access key.
"""
import argparse
import logging
import os
from pathlib import Path

from minio import Minio
from minio.error import S3Error

log = logging.getLogger("outputs-publish")
HOSTS_FILE = Path("/etc/hosts")
MARKER = "# managed-by: outputs-publish"


def pin_host(name: str, address: str) -> bool:
    """Make sure `address name` is present in the hosts file."""
    lines = HOSTS_FILE.read_text().splitlines()
    wanted = f"{address}\t{name}\t{MARKER}"
    kept = [ln for ln in lines if not (MARKER in ln and name in ln.split())]
    if wanted in lines:
        return False
    kept.append(wanted)
    tmp = HOSTS_FILE.with_name("hosts.outputs-publish")
    tmp.write_text("\n".join(kept) + "\n")
    os.chmod(tmp, 0o644)
    os.replace(tmp, HOSTS_FILE)
    return True


def iter_outputs(root: Path, suffixes: tuple):
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in suffixes:
            yield path


def content_type(path: Path) -> str:
    return {
        ".json": "application/json",
        ".csv": "text/csv",
        ".parquet": "application/vnd.apache.parquet",
        ".png": "image/png",
    }.get(path.suffix, "application/octet-stream")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("run_id")
    ap.add_argument("--outputs", type=Path, default=Path("outputs"))
    ap.add_argument("--endpoint", default="minio.lab.internal")
    ap.add_argument("--address", default=os.getenv("MINIO_GATEWAY_IP", "10.42.8.15"))
    ap.add_argument("--bucket", default="eval-outputs")
    ap.add_argument("--port", type=int, default=9000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        if pin_host(args.endpoint, args.address):
            log.info("pinned %s -> %s in %s", args.endpoint, args.address, HOSTS_FILE)
    except PermissionError:
        log.error("cannot update %s; run the publisher as root on the runner", HOSTS_FILE)
        return 2

    client = Minio(f"{args.endpoint}:{args.port}",
                   access_key=os.environ["MINIO_ACCESS_KEY"],
                   secret_key=os.environ["MINIO_SECRET_KEY"],
                   secure=True)
    if not client.bucket_exists(args.bucket):
        client.make_bucket(args.bucket)

    uploaded = 0
    for path in iter_outputs(args.outputs, (".json", ".csv", ".parquet", ".png")):
        key = f"{args.run_id}/{path.relative_to(args.outputs).as_posix()}"
        try:
            client.fput_object(args.bucket, key, str(path), content_type=content_type(path))
        except S3Error as err:
            log.error("upload of %s failed: %s", key, err.code)
            continue
        uploaded += 1
    log.info("uploaded %d file(s) to %s/%s", uploaded, args.bucket, args.run_id)
    return 0 if uploaded else 1


if __name__ == "__main__":
    raise SystemExit(main())
