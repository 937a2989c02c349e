#!/usr/bin/env python3
"""Incrementally train the per-domain spam classifier from user Maildirs.

Users file mis-classified mail into "Junk" (spam) and "NotJunk" (ham);
the nightly job feeds those folders to an online classifier
(HashingVectorizer + SGD) so it keeps adapting without keeping the whole
corpus around.  Message digests already learned are remembered so a
message is never counted twice.

The trained model is consumed by the milter (see milter/score.py) from
``models/<domain>.joblib``.
"""

import argparse
import email
import email.policy
import hashlib
import json
import logging
import mailbox
import re
import sys
from pathlib import Path

import joblib
import numpy as np
from sklearn.feature_extraction.text import HashingVectorizer
from sklearn.linear_model import SGDClassifier

log = logging.getLogger("spam-trainer")

MODEL_DIR = Path("models")
SEEN_DIR = Path(".seen")
FOLDERS = {".Junk": 1, ".NotJunk": 0}
TAG_RE = re.compile(r"<[^>]+>")


def message_text(msg):
    parts = [msg.get("Subject", ""), msg.get("From", "")]
    for part in msg.walk():
        ctype = part.get_content_type()
        if ctype not in ("text/plain", "text/html"):
            continue
        try:
            body = part.get_content()
        except (LookupError, UnicodeDecodeError, AssertionError):
            body = part.get_payload(decode=True) or b""
            body = body.decode("latin-1", "replace")
        if ctype == "text/html":
            body = TAG_RE.sub(" ", body)
        parts.append(body)
    return "\n".join(parts)[:200_000]


def iter_training_mail(mail_root, seen):
    """Yield (digest, text, label) for every not-yet-learned message."""
    for user_dir in sorted(p for p in mail_root.iterdir() if p.is_dir()):
        maildir = user_dir / "Maildir"
        for folder, label in FOLDERS.items():
            path = maildir / folder
            if not (path / "cur").is_dir():
                continue
            box = mailbox.Maildir(path, factory=None, create=False)
            for key in box.iterkeys():
                raw = box.get_bytes(key)
                digest = hashlib.md5(raw).hexdigest()
                if digest in seen:
                    continue
                msg = email.message_from_bytes(raw, policy=email.policy.default)
                yield digest, message_text(msg), label


class SpamModel:
    vectorizer = HashingVectorizer(n_features=2 ** 20, alternate_sign=False,
                                   ngram_range=(1, 2), lowercase=True)

    def __init__(self, domain):
        self.domain = domain
        self.path = MODEL_DIR / f"{domain}.joblib"
        self.clf = self._load()

    def _load(self):
        if self.path.exists():
            log.info("resuming model %s", self.path)
            return joblib.load(self.path)
        log.info("starting a new model for %s", self.domain)
        return SGDClassifier(loss="log_loss", alpha=1e-5, random_state=0)

    def partial_fit(self, texts, labels):
        X = self.vectorizer.transform(texts)
        self.clf.partial_fit(X, np.asarray(labels), classes=np.array([0, 1]))

    def save(self):
        MODEL_DIR.mkdir(exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        joblib.dump(self.clf, tmp, compress=3)
        tmp.replace(self.path)


def load_seen(domain):
    path = SEEN_DIR / f"{domain}.json"
    try:
        return set(json.loads(path.read_text()))
    except (FileNotFoundError, json.JSONDecodeError):
        return set()


def save_seen(domain, seen):
    SEEN_DIR.mkdir(exist_ok=True)
    (SEEN_DIR / f"{domain}.json").write_text(json.dumps(sorted(seen)))


def train(domain, mail_root, batch_size):
    model = SpamModel(domain)
    seen = load_seen(domain)
    batch_t, batch_y, batch_d = [], [], []
    counts = {0: 0, 1: 0}

    def flush():
        if batch_t:
            model.partial_fit(batch_t, batch_y)
            seen.update(batch_d)
            batch_t.clear(); batch_y.clear(); batch_d.clear()

    for digest, text, label in iter_training_mail(mail_root, seen):
        batch_t.append(text); batch_y.append(label); batch_d.append(digest)
        counts[label] += 1
        if len(batch_t) >= batch_size:
            flush()
    flush()
    if counts[0] + counts[1]:
        model.save()
        save_seen(domain, seen)
    log.info("%s: learned %d spam, %d ham", domain, counts[1], counts[0])
    return counts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("domain")
    ap.add_argument("--mail-root", type=Path, help="default /var/vmail/<domain>")
    ap.add_argument("--batch-size", type=int, default=500)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    root = args.mail_root or Path("/var/vmail") / args.domain
    if not root.is_dir():
        log.error("mail root %s does not exist", root)
        return 2
    try:
        train(args.domain, root, args.batch_size)
    except (OSError, ValueError) as exc:
        log.error("training failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
