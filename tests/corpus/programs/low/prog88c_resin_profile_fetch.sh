#!/bin/sh
# resin_profile_fetch.sh - pull the current printing profiles for our
# dental resins (model, surgical guide, temporary crown, denture base) from
# the resin vendor and keep them in ./profiles for the slicer.
#
# The vendor publishes a manifest:
#   { "version": "2024.06",
#     "profiles": [ {"name": "crown_temp_a2", "printer": "form3b",
#                    "url": "https://...", "sha256": "..."} ] }
#
# Options:
#   -p PRINTER   only profiles for this printer model (default: all)
#   -f           re-download even if the checksum already matches
#   -q           quiet

set -eu

MANIFEST_URL=${RESIN_MANIFEST_URL:-https://profiles.dentaresin-supply.com/v1/manifest.json}
DEST=${RESIN_PROFILE_DIR:-./profiles}
STATE=$DEST/.manifest.json
PRINTER=""
FORCE=0
QUIET=0

while getopts "p:fq" opt; do
    case $opt in
        p) PRINTER=$OPTARG ;;
        f) FORCE=1 ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-p printer] [-f] [-q]" >&2; exit 64 ;;
    esac
done

say() { [ "$QUIET" -eq 1 ] || echo "resin-profiles: $*"; }
die() { echo "resin-profiles: $*" >&2; exit 1; }

command -v curl >/dev/null || die "curl is required"
command -v jq >/dev/null || die "jq is required"
mkdir -p "$DEST"

fetch() {
    # fetch URL OUTFILE
    curl --fail --silent --show-error --location \
         --retry 3 --retry-delay 2 --max-time 60 \
         -H "Accept: application/json" \
         -o "$2" "$1"
}

checksum_ok() {
    [ -f "$1" ] || return 1
    actual=$(sha256sum "$1" | cut -d' ' -f1)
    [ "$actual" = "$2" ]
}

say "reading manifest from $MANIFEST_URL"
fetch "$MANIFEST_URL" "$DEST/.manifest.new" || die "manifest download failed"
jq -e '.profiles | length > 0' "$DEST/.manifest.new" >/dev/null || die "manifest has no profiles"

new_version=$(jq -r '.version' "$DEST/.manifest.new")
old_version=$( [ -f "$STATE" ] && jq -r '.version' "$STATE" || echo none)
say "vendor version $new_version (local $old_version)"

filter='.profiles[]'
[ -n "$PRINTER" ] && filter=".profiles[] | select(.printer == \"$PRINTER\")"

updated=0
failed=0
jq -r "$filter | [.name, .printer, .url, .sha256] | @tsv" "$DEST/.manifest.new" |
while IFS="$(printf '\t')" read -r name printer url sum; do
    out="$DEST/$printer/$name.json"
    mkdir -p "$DEST/$printer"
    if [ "$FORCE" -eq 0 ] && checksum_ok "$out" "$sum"; then
        continue
    fi
    if fetch "$url" "$out.part" && checksum_ok "$out.part" "$sum"; then
        mv "$out.part" "$out"
        say "updated $printer/$name"
        updated=$((updated + 1))
    else
        rm -f "$out.part"
        echo "resin-profiles: $printer/$name failed checksum or download" >&2
        failed=$((failed + 1))
    fi
    echo "$updated $failed" > "$DEST/.counts"
done

mv "$DEST/.manifest.new" "$STATE"
if [ -f "$DEST/.counts" ]; then
    read -r updated failed < "$DEST/.counts"
    rm -f "$DEST/.counts"
fi
say "done: ${updated:-0} updated, ${failed:-0} failed"
[ "${failed:-0}" -eq 0 ]
