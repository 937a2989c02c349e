#!/bin/sh
# alarm_rules_fetch.sh - refresh the freezer alarm rule set from the vendor
#
# The cabinet vendor publishes alarm thresholds per cabinet model (defrost
# windows, door-open grace, max temperatures for gelato vs. sorbet) as a
# tarball of JSON files plus a .sha256. This script downloads the current
# bundle, checks the digest, validates every rule file with jq and swaps the
# new set into ./rules, keeping the previous set in ./rules.prev.
set -eu

RULES_BASE="${RULES_BASE:-https://downloads.frostline-cabinets.example/rules}"
CHANNEL="${RULES_CHANNEL:-stable}"
DEST="${RULES_DEST:-./rules}"
BUNDLE=/tmp/freezer_rules.tgz
STAGE=/tmp/freezer_rules.d
QUIET=0

say() { [ "$QUIET" -eq 1 ] || printf '[rules] %s\n' "$*"; }
die() { printf '[rules] error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -c|--channel) CHANNEL=$2; shift 2 ;;
        -d|--dest)    DEST=$2; shift 2 ;;
        -q|--quiet)   QUIET=1; shift ;;
        -h|--help)
            echo "usage: $0 [-c stable|beta] [-d dir] [-q]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

for bin in curl tar jq sha256sum; do
    command -v "$bin" >/dev/null 2>&1 || die "$bin not installed"
done

fetch() {
    url=$1 out=$2 n=0
    while [ $n -lt 3 ]; do
        if curl -fsSL --max-time 60 -o "$out" "$url"; then
            return 0
        fi
        n=$((n + 1))
        say "download failed ($n/3), retrying"
        sleep $((n * 5))
    done
    return 1
}

say "channel $CHANNEL"
fetch "$RULES_BASE/$CHANNEL/rules.tgz" "$BUNDLE" || die "could not download bundle"
fetch "$RULES_BASE/$CHANNEL/rules.tgz.sha256" "$BUNDLE.sha256" || die "no checksum"

expected=$(cut -d' ' -f1 "$BUNDLE.sha256")
actual=$(sha256sum "$BUNDLE" | cut -d' ' -f1)
[ "$expected" = "$actual" ] || die "checksum mismatch ($actual)"

rm -rf "$STAGE"
mkdir -p "$STAGE"
tar -xzf "$BUNDLE" -C "$STAGE" --no-same-owner

count=0
for f in "$STAGE"/rules/*.json; do
    [ -e "$f" ] || die "bundle contains no rules"
    jq -e '.model and (.max_temp_c | type == "number") and (.defrost_minutes >= 0)' \
        "$f" >/dev/null || die "invalid rule file $(basename "$f")"
    count=$((count + 1))
done
version=$(jq -r '.version // "unknown"' "$STAGE/manifest.json" 2>/dev/null || echo unknown)

if [ -d "$DEST" ]; then
    rm -rf "$DEST.prev"
    mv "$DEST" "$DEST.prev"
fi
mkdir -p "$DEST"
cp "$STAGE"/rules/*.json "$DEST"/
printf '%s\n' "$version" > "$DEST/VERSION"

rm -rf "$STAGE" "$BUNDLE" "$BUNDLE.sha256"
say "installed $count rule files (version $version) into $DEST"
