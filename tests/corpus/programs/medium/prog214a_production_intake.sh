#!/usr/bin/env bash
# production_intake.sh - unpack an incoming production volume (tar.gz from
# opposing counsel's vendor), check the Bates range in its load file and
# copy it into the matter's intake folder.
set -euo pipefail

STAGING="/tmp/production_intake"
INTAKE_ROOT="${INTAKE_ROOT:-./intake}"
LOADFILE_GLOB="${LOADFILE_GLOB:-*.dat}"

log() { printf '%s [intake] %s\n' "$(date '+%T')" "$*" >&2; }

usage() {
    echo "usage: $0 <volume.tar.gz> <volume-name>" >&2
    exit 2
}

[[ $# -eq 2 ]] || usage
ARCHIVE="$1"
VOLUME="$2"
[[ -f "$ARCHIVE" ]] || { log "archive $ARCHIVE not found"; exit 1; }
[[ "$VOLUME" =~ ^[A-Za-z0-9_.-]+$ ]] || { log "bad volume name"; exit 1; }

log "staging in $STAGING"
rm -rf "$STAGING"
mkdir -p "$STAGING"

# Extract with Python's tarfile so it also works for the odd pax archives.
MEMBERS=$(ARCHIVE="$ARCHIVE" STAGING="$STAGING" python3 - <<'PY'
import os
import sys
import tarfile

archive = os.environ["ARCHIVE"]
staging = os.environ["STAGING"]
try:
    with tarfile.open(archive, "r:*") as tf:
        names = tf.getnames()
        tf.extractall(staging)
except (tarfile.TarError, OSError) as exc:
    print("extract failed: %s" % exc, file=sys.stderr)
    sys.exit(1)
print(len(names))
PY
) || { log "extraction failed"; exit 1; }
log "extracted $MEMBERS members"

LOADFILE=$(find "$STAGING" -type f -name "$LOADFILE_GLOB" | head -n1)
if [[ -z "$LOADFILE" ]]; then
    log "no load file ($LOADFILE_GLOB) in volume"
    exit 1
fi
log "load file: ${LOADFILE#$STAGING/}"

# Concordance .dat uses the thorn (U+00FE) quote and DC4 (0x14) separator.
SUMMARY=$(LOADFILE="$LOADFILE" python3 -c '
import os, sys
path = os.environ["LOADFILE"]
with open(path, encoding="utf-8-sig", errors="replace") as fh:
    lines = [l.rstrip("\r\n") for l in fh if l.strip()]
if len(lines) < 2:
    print("EMPTY"); sys.exit(0)
rows = [[c.strip("\u00fe") for c in l.split("\x14")] for l in lines[1:]]
begs = sorted(r[0] for r in rows if r and r[0])
dupes = len(begs) - len(set(begs))
print("%d %s %s %d" % (len(rows), begs[0], begs[-1], dupes))
')

if [[ "$SUMMARY" == "EMPTY" ]]; then
    log "load file has no records"
    exit 1
fi
read -r RECORDS FIRST LAST DUPES <<<"$SUMMARY"
log "records=$RECORDS bates=$FIRST..$LAST duplicates=$DUPES"
if [[ "$DUPES" -gt 0 ]]; then
    log "warning: duplicate BEGBATES values in load file"
fi

DEST="$INTAKE_ROOT/$VOLUME"
if [[ -e "$DEST" ]]; then
    log "$DEST already exists, refusing to overwrite"
    exit 1
fi
mkdir -p "$DEST"
cp -a "$STAGING"/. "$DEST"/
printf 'volume=%s\nrecords=%s\nfirst=%s\nlast=%s\nreceived=%s\n' \
    "$VOLUME" "$RECORDS" "$FIRST" "$LAST" "$(date -Is)" > "$DEST/INTAKE.txt"
rm -rf "$STAGING"
log "volume $VOLUME ready in $DEST"
