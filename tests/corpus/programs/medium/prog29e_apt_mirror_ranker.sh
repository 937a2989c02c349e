#!/bin/sh
# Rank Debian/Ubuntu mirrors by how fast they serve the Release file and how
# fresh it is. Prints the best candidate as a sources.list line for the admin
# to copy; it does not change the system's apt configuration.
#
#   apt_mirror_ranker.sh [-s suite] [-n top] [-l mirrorlist] [-k]
#
# -k skips TLS certificate checks (several regional mirrors have expired certs).

SUITE=bookworm
TOP=5
MIRRORLIST=""
INSECURE=0
WORKFILE=/tmp/mirror-rank.tsv
RESULTS=/tmp/mirror-rank.sorted
CURL_TIMEOUT=6

DEFAULT_MIRRORS="
https://deb.debian.org/debian
https://ftp.de.debian.org/debian
https://ftp.nl.debian.org/debian
https://mirror.init7.net/debian
https://debian.mirror.garr.it/debian
http://ftp.uk.debian.org/debian
https://mirrors.kernel.org/debian
ftp://ftp.fr.debian.org/debian
"

msg() { printf '%s\n' "$*" >&2; }

while getopts 's:n:l:kh' o; do
    case $o in
        s) SUITE=$OPTARG ;;
        n) TOP=$OPTARG ;;
        l) MIRRORLIST=$OPTARG ;;
        k) INSECURE=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

if [ -n "$MIRRORLIST" ]; then
    [ -r "$MIRRORLIST" ] || { msg "cannot read $MIRRORLIST"; exit 1; }
    MIRRORS=$(grep -v '^[[:space:]]*#' "$MIRRORLIST")
else
    MIRRORS=$DEFAULT_MIRRORS
fi

curl_opts="-s -S -L --max-time $CURL_TIMEOUT"
[ "$INSECURE" -eq 1 ] && curl_opts="$curl_opts -k"

# $1 = mirror base; prints "<seconds> <age_hours> <mirror>" or nothing
probe_mirror() {
    base=$1
    url="$base/dists/$SUITE/Release"
    # shellcheck disable=SC2086
    out=$(curl $curl_opts -r 0-2047 -o /tmp/mirror-probe.release -w '%{http_code} %{time_total}' "$url" 2>/dev/null) || return 1
    code=${out% *}
    secs=${out#* }
    case $code in
        200|206|226) ;;
        *) return 1 ;;
    esac
    date_line=$(grep -m1 '^Date:' /tmp/mirror-probe.release | cut -d' ' -f2-)
    if [ -n "$date_line" ]; then
        rel_epoch=$(date -d "$date_line" +%s 2>/dev/null || echo 0)
        age_h=$(( ($(date +%s) - rel_epoch) / 3600 ))
    else
        age_h=9999
    fi
    printf '%s\t%s\t%s\n' "$secs" "$age_h" "$base"
}

: > "$WORKFILE"
total=0
ok=0
for m in $MIRRORS; do
    total=$((total + 1))
    msg "probing $m ..."
    if line=$(probe_mirror "$m"); then
        printf '%s\n' "$line" >> "$WORKFILE"
        ok=$((ok + 1))
    else
        msg "  unreachable or no $SUITE Release"
    fi
done
rm -f /tmp/mirror-probe.release

[ "$ok" -gt 0 ] || { msg "no usable mirrors ($total tried)"; exit 1; }

# mirrors older than 48h are penalised; otherwise fastest first
awk -F'\t' '{ score = $1 + ($2 > 48 ? 100 : 0); printf "%.3f\t%s\t%s\t%s\n", score, $1, $2, $3 }' "$WORKFILE" \
    | sort -n > "$RESULTS"

printf '\n%-6s %-8s %-6s %s\n' RANK TIME_S AGE_H MIRROR
head -n "$TOP" "$RESULTS" | awk -F'\t' '{ printf "%-6d %-8s %-6s %s\n", NR, $2, $3, $4 }'

best=$(head -n 1 "$RESULTS" | cut -f4)
cat <<EOF

Suggested line ($ok of $total mirrors answered):
  deb $best $SUITE main contrib non-free-firmware
Full ranking saved in $RESULTS
EOF
