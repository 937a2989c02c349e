#!/bin/sh
# access_log_anonymizer.sh - mask client IP addresses and e-mail addresses in
# exported web access logs before they are attached to a bug report.
#
# Usage: access_log_anonymizer.sh [-k] FILE...
#   -k   keep the original next to the anonymised copy (FILE.orig)
#
# Output is written as FILE.anon in the same directory.

WORK_FILE=/tmp/access_anon.work
STATS_FILE=/tmp/access_anon.stats
KEEP=0

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
}

log() {
    echo "anonymizer: $*" >&2
}

anonymize_one() {
    src="$1"
    dst="$src.anon"

    if [ ! -f "$src" ]; then
        log "skipping $src (not a regular file)"
        return 1
    fi

    # Perl does the heavy lifting: IPv4 -> keep /16, IPv6 -> keep /32,
    # e-mail addresses -> hashed local part.
    perl -ne '
        BEGIN { $ip4 = 0; $ip6 = 0; $mail = 0; }
        s{\b(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}\b}{$ip4++; "$1.$2.0.0"}ge;
        s{\b([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::[0-9a-f]{0,4}){2,6}\b}{$ip6++; "$1:$2::"}gie;
        s{\b([\w.+-]+)@([\w-]+\.[\w.-]+)\b}{$mail++; sprintf("user%04x\@%s", unpack("%16C*", $1), $2)}ge;
        print;
        END { printf STDERR "%d %d %d\n", $ip4, $ip6, $mail; }
    ' "$src" >"$WORK_FILE" 2>"$STATS_FILE"
    rc=$?
    if [ $rc -ne 0 ]; then
        log "perl failed on $src (exit $rc)"
        return $rc
    fi

    set -- $(cat "$STATS_FILE")
    log "$src: masked $1 IPv4, $2 IPv6, $3 e-mail"

    if [ "$KEEP" -eq 1 ]; then
        cp -p "$src" "$src.orig"
    fi
    mv "$WORK_FILE" "$dst"
    return 0
}

summarize() {
    total_lines=0
    for f in "$@"; do
        [ -f "$f.anon" ] || continue
        n=$(awk 'END { print NR }' "$f.anon")
        total_lines=$((total_lines + n))
    done
    log "anonymised $total_lines lines in total"
}

while getopts "kh" opt; do
    case "$opt" in
        k) KEEP=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done
shift $((OPTIND - 1))

if [ $# -eq 0 ]; then
    usage
    exit 1
fi

command -v perl >/dev/null 2>&1 || { log "perl not found"; exit 1; }

failures=0
for file in "$@"; do
    anonymize_one "$file" || failures=$((failures + 1))
done
summarize "$@"
rm -f "$STATS_FILE"

if [ $failures -gt 0 ]; then
    log "$failures file(s) failed"
    exit 1
fi
exit 0
