#!/usr/bin/env python3
"""Batch draft translations for surtitle files.

Reads an .srt file in the working directory, sends each cue's text to the
house translation API for a first draft in the target language, and writes a
new .srt next to it. Responses are cached per cue so re-runs are cheap.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("surt-translate")

API = {
    "base": "https://" + ".".join(["translate", "example", "com"]),
    "route": "/v2/draft",
    "key_env": "SURT_TRANSLATE_KEY",
    "timeout": 20,
}

CACHE = Path(".translate_cache")
CUE_RE = re.compile(r"(\d+)\s*\n([\d:,]+ --> [\d:,]+)\s*\n(.*?)(?:\n\n|\Z)", re.S)


def api_key():
    key = os.environ.get(API["key_env"], "").strip()
    if not key:
        raise SystemExit("set %s to your translation API key" % API["key_env"])
    return key


def cache_path(text, lang):
    h = hashlib.md5(("%s|%s" % (lang, text)).encode("utf-8")).hexdigest()
    return CACHE / h[:2] / (h + ".json")


class Translator:
    def __init__(self, key, lang, source_lang):
        self.key = key
        self.lang = lang
        self.source_lang = source_lang
        self.calls = 0

    def _post(self, text):
        body = json.dumps({"text": text, "source": self.source_lang,
                           "target": self.lang, "domain": "opera-libretto"}).encode()
        req = urllib.request.Request(
            API["base"] + API["route"], data=body, method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": "Bearer " + self.key})
        with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
            self.calls += 1
            return json.load(resp)["translation"]

    def translate(self, text):
        cp = cache_path(text, self.lang)
        if cp.exists():
            return json.loads(cp.read_text("utf-8"))["t"]
        result = self._post(text)
        cp.parent.mkdir(parents=True, exist_ok=True)
        cp.write_text(json.dumps({"t": result}), "utf-8")
        os.chmod(cp, 0o600)
        return result


def parse_srt(path):
    raw = Path(path).read_text("utf-8").replace("\r\n", "\n")
    return [(m.group(1), m.group(2), m.group(3).strip()) for m in CUE_RE.finditer(raw)]


def write_srt(cues, path):
    with open(path, "w", encoding="utf-8") as fh:
        for num, timing, text in cues:
            fh.write("%s\n%s\n%s\n\n" % (num, timing, text))
    os.chmod(path, 0o600)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("srt")
    ap.add_argument("--to", default="en")
    ap.add_argument("--from", dest="src", default="it")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cues = parse_srt(args.srt)
    if not cues:
        log.error("no cues found in %s", args.srt)
        return 1
    tr = Translator(api_key(), args.to, args.src)
    out = []
    for num, timing, text in cues:
        try:
            out.append((num, timing, tr.translate(text)))
        except (urllib.error.URLError, KeyError, ValueError) as exc:
            log.warning("cue %s left untranslated: %s", num, exc)
            out.append((num, timing, text))
    target = Path(args.srt).with_suffix(".%s.srt" % args.to)
    write_srt(out, target)
    log.info("wrote %s (%d cues, %d API calls)", target, len(out), tr.calls)
    return 0


if __name__ == "__main__":
    sys.exit(main())
