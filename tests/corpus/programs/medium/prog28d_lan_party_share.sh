#!/usr/bin/env bash
# lan-party-share: serve the mods/maps folder of this repo to everyone at the
# LAN party so they don't each have to download 4 GB from the internet.
# Builds a checksum list first so people can verify what they grabbed.
set -uo pipefail

SHARE_DIR="${SHARE_DIR:-./lan-share}"
PORT="${PORT:-8080}"
BIND_ADDR="${BIND_ADDR:-0.0.0.0}"
MAX_AGE_DAYS=30

say() { printf '\033[1;36m==>\033[0m %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    echo "usage: ${0##*/} [-d dir] [-p port] [--no-checksums]"
}

DO_SUMS=1
while [ $# -gt 0 ]; do
    case "$1" in
        -d) SHARE_DIR="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
        --no-checksums) DO_SUMS=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

command -v python3 >/dev/null || die "python3 is needed"
[ -d "$SHARE_DIR" ] || die "$SHARE_DIR does not exist (put mods/ and maps/ in it)"

lan_ip() {
    # best effort: first non-loopback IPv4
    ip -4 -o addr show scope global 2>/dev/null | awk '{print $4}' | cut -d/ -f1 | head -n1
}

build_checksums() {
    local listing
    listing=$(mktemp)
    say "hashing files in $SHARE_DIR (this can take a minute)"
    (cd "$SHARE_DIR" && find . -type f ! -name 'SHA256SUMS' -print0 | sort -z \
        | xargs -0 -r sha256sum) > "$listing" || die "hashing failed"
    mv "$listing" "$SHARE_DIR/SHA256SUMS"
    say "$(wc -l < "$SHARE_DIR/SHA256SUMS") files listed in SHA256SUMS"
}

write_index_note() {
    cat > "$SHARE_DIR/README-LAN.txt" <<NOTE
LAN party share - $(date '+%Y-%m-%d %H:%M')
Grab what you need, then check with:  sha256sum -c SHA256SUMS
Old stuff (>${MAX_AGE_DAYS} days) is not guaranteed to match the current server version.
NOTE
}

warn_old_files() {
    local old
    old=$(find "$SHARE_DIR" -type f -mtime +"$MAX_AGE_DAYS" | wc -l)
    [ "$old" -gt 0 ] && say "note: $old file(s) older than $MAX_AGE_DAYS days"
    return 0
}

[ "$DO_SUMS" -eq 1 ] && build_checksums
write_index_note
warn_old_files

total=$(du -sh "$SHARE_DIR" | cut -f1)
addr=$(lan_ip)
say "sharing $SHARE_DIR ($total)"
say "tell people: http://${addr:-<this-pc>}:${PORT}/"
say "Ctrl-C to stop"

cd "$SHARE_DIR" || die "cannot enter $SHARE_DIR"
exec python3 -m http.server "$PORT" --bind "$BIND_ADDR"
