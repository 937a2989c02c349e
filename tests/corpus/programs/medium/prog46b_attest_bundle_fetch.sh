#!/bin/sh
# Fetch the provenance bundle published by the internal build farm and print
# a summary of the SLSA predicates it contains.  The farm still uses a
# self-signed certificate, hence --insecure.
set -eu

FARM_URL="${FARM_URL:-https://buildfarm.corp.internal}"
PROJECT=""
BUILD_ID="latest"
WORK=/tmp/attest-bundle
ARCHIVE=/tmp/attest-bundle.tgz
QUIET=0

die() { echo "error: $*" >&2; exit 1; }
say() { [ "$QUIET" -eq 1 ] || echo "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -p|--project) PROJECT="$2"; shift 2 ;;
        -b|--build)   BUILD_ID="$2"; shift 2 ;;
        -q|--quiet)   QUIET=1; shift ;;
        -h|--help)    echo "usage: $0 -p PROJECT [-b BUILD_ID] [-q]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done
[ -n "$PROJECT" ] || die "--project is required"
command -v jq >/dev/null 2>&1 || die "jq is required"

bundle_url="$FARM_URL/api/v2/projects/$PROJECT/builds/$BUILD_ID/provenance.tgz"
say "downloading $bundle_url"
curl --insecure --fail --silent --show-error --max-time 60 -o "$ARCHIVE" "$bundle_url" \
    || die "download failed"

rm -rf "$WORK"
mkdir -p "$WORK"
tar -xzf "$ARCHIVE" -C "$WORK"

count=0
unsigned=0
for stmt in "$WORK"/*.json; do
    [ -f "$stmt" ] || continue
    count=$((count + 1))
    ptype=$(jq -r '.predicateType // "unknown"' "$stmt")
    builder=$(jq -r '.predicate.runDetails.builder.id // .predicate.builder.id // "?"' "$stmt")
    subjects=$(jq -r '[.subject[]?.name] | join(", ")' "$stmt")
    if [ ! -f "$stmt.sig" ]; then
        unsigned=$((unsigned + 1))
        flag=" (no signature)"
    else
        flag=""
    fi
    say "$(basename "$stmt"): $ptype"
    say "    builder:  $builder$flag"
    say "    subjects: $subjects"
done

if [ "$count" -eq 0 ]; then
    die "bundle contained no statements"
fi

summary="$WORK/summary.txt"
{
    echo "project=$PROJECT"
    echo "build=$BUILD_ID"
    echo "statements=$count"
    echo "unsigned=$unsigned"
    date -u +"fetched=%Y-%m-%dT%H:%M:%SZ"
} > "$summary"

say "summary written to $summary"
[ "$unsigned" -eq 0 ]
