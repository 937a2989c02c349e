#!/bin/sh
# Materialise the test fixtures for the parser test-suite into ./testdata.
# Fixtures are embedded base32-encoded (RFC 4648) so this script survives
# CRLF conversion and e-mail patch workflows; checksums guard against typos.
set -eu

DEST=${FIXTURE_DIR:-./testdata}
FORCE=0
QUIET=0

say() { [ "$QUIET" -eq 1 ] || printf '%s\n' "$*"; }
die() { printf 'fixture-unpack: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<USAGE
usage: ${0##*/} [-f] [-q] [-d DIR]
  -f      overwrite existing fixtures
  -q      quiet
  -d DIR  destination directory (default ./testdata)
USAGE
}

while getopts 'fqd:h' opt; do
    case $opt in
        f) FORCE=1 ;;
        q) QUIET=1 ;;
        d) DEST=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

case $DEST in
    /*|*..*) die "destination must be a relative path inside the project" ;;
esac

command -v base32 >/dev/null 2>&1 || die "base32 (coreutils) not found"
command -v sha256sum >/dev/null 2>&1 || die "sha256sum not found"

platform="unknown"
if [ -r /etc/os-release ]; then
    # shellcheck disable=SC1091
    platform=$(. /etc/os-release && printf '%s-%s' "${ID:-linux}" "${VERSION_ID:-rolling}")
fi
say "platform: $platform"

mkdir -p "$DEST"

# name | sha256 | base32 payload
FIXTURES='widget.json|db3e325f2a2b467e8089ad4dacdd3aa69eb72d2218e23243abdaa018971bfc64|PMRG4YLNMURDUIBCO5UWIZ3FOQRCYIBCONUXUZLTEI5CAWZRFQQDELBAGNOSYIBCMFRXI2LWMURDUIDUOJ2WK7IK
scores.csv|b31c3b347d0adaaae4196af16057b963ef1fdb6405327b81ae3690889b459d43|NFSCY3DBMJSWYLDTMNXXEZIKGEWGC3DQNBQSYMBOHEYQUMRMMJSXIYJMGAXDINYKGMWGOYLNNVQSYMBOGY3AU==='

written=0
bad=0
oldifs=$IFS
IFS='
'
for line in $FIXTURES; do
    IFS='|'
    set -- $line
    IFS=$oldifs
    name=$1 sum=$2 payload=$3
    target="$DEST/$name"
    if [ -f "$target" ] && [ "$FORCE" -eq 0 ]; then
        say "keep   $target"
        continue
    fi
    printf '%s' "$payload" | base32 -d > "$target.part"
    actual=$(sha256sum "$target.part" | cut -d' ' -f1)
    if [ "$actual" != "$sum" ]; then
        printf 'checksum mismatch for %s\n' "$name" >&2
        rm -f "$target.part"
        bad=$((bad + 1))
        continue
    fi
    mv "$target.part" "$target"
    chmod 0644 "$target"
    say "write  $target"
    written=$((written + 1))
done
IFS=$oldifs

say "fixtures written: $written, failed: $bad"
[ "$bad" -eq 0 ]
