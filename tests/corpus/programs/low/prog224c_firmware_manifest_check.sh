#!/usr/bin/env bash
# firmware_manifest_check.sh - check that the firmware images staged in
# ./firmware match the release manifest published by the firmware team
# before they are rolled out to stations.
#
# The manifest is fetched with curl, the local checksums are computed with
# sha256sum, and an embedded Python helper compares the two; both are handed
# over through files in ./.fwcheck and environment variables.
set -euo pipefail

MODEL="${MODEL:-ac22-rev-c}"
CHANNEL="${CHANNEL:-stable}"
FW_DIR="${FW_DIR:-./firmware}"
WORK="./.fwcheck"
MANIFEST_URL_BASE="${MANIFEST_URL_BASE:-https://firmware.example.com/manifests}"

msg() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

while getopts "m:c:d:" opt; do
    case "$opt" in
        m) MODEL="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        d) FW_DIR="$OPTARG" ;;
        *) echo "usage: $0 [-m model] [-c channel] [-d firmware_dir]" >&2; exit 1 ;;
    esac
done

[ -d "$FW_DIR" ] || { msg "no firmware directory $FW_DIR"; exit 1; }
mkdir -p "$WORK"

MANIFEST="$WORK/manifest-$MODEL-$CHANNEL.json"
URL="$MANIFEST_URL_BASE/$CHANNEL/$MODEL.json"
msg "fetching $URL"
if ! curl -fsS --max-time 20 --retry 2 -o "$MANIFEST" "$URL"; then
    msg "could not fetch manifest"
    exit 2
fi

LOCAL_SUMS="$WORK/local.sha256"
( cd "$FW_DIR" && find . -maxdepth 1 -type f \( -name '*.bin' -o -name '*.img' -o -name '*.sig' \) \
    -printf '%f\n' | sort | xargs -r sha256sum ) > "$LOCAL_SUMS"
msg "$(wc -l < "$LOCAL_SUMS") local images hashed"

export MANIFEST LOCAL_SUMS MODEL
VERDICT="$(python3 -c '
import json, os, sys
with open(os.environ["MANIFEST"]) as fh:
    manifest = json.load(fh)
if manifest.get("model") != os.environ["MODEL"]:
    print("MODEL_MISMATCH"); sys.exit(0)
expected = {f["name"]: f["sha256"].lower() for f in manifest.get("files", [])}
local = {}
with open(os.environ["LOCAL_SUMS"]) as fh:
    for line in fh:
        digest, name = line.split(None, 1)
        local[name.strip().lstrip("*")] = digest.lower()
missing = sorted(set(expected) - set(local))
extra = sorted(set(local) - set(expected))
bad = sorted(n for n in expected if n in local and local[n] != expected[n])
for n in missing: print("missing", n, file=sys.stderr)
for n in extra: print("unexpected", n, file=sys.stderr)
for n in bad: print("checksum mismatch", n, file=sys.stderr)
print("OK" if not (missing or bad) else "FAIL")
print(manifest.get("version", "?"))
')"

STATUS="$(sed -n 1p <<<"$VERDICT")"
VERSION="$(sed -n 2p <<<"$VERDICT")"
case "$STATUS" in
    OK) msg "firmware $VERSION for $MODEL verified"; rc=0 ;;
    MODEL_MISMATCH) msg "manifest is for a different model"; rc=3 ;;
    *) msg "firmware $VERSION for $MODEL FAILED verification"; rc=4 ;;
esac

printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$MODEL" "$VERSION" "$STATUS" >> "$WORK/history.tsv"
rm -f -- "$LOCAL_SUMS"
exit "$rc"
