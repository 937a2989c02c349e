#!/bin/sh
# fetch-nightly: pull last night's exported CSVs from the legacy reporting
# box, which only offers anonymous FTP, and check them against its MD5 list.
set -eu

FTP_HOST="${FTP_HOST:-reports-legacy.corp.example}"
REMOTE_DIR="/pub/exports"
DEST="./data/nightly"
DAY="$(date -d yesterday +%Y%m%d 2>/dev/null || date +%Y%m%d)"
PASSIVE=1
VERBOSE=0

say()  { printf '\033[1;34m>>\033[0m %s\n' "$*"; }
oops() { printf '\033[1;31m!!\033[0m %s\n' "$*" >&2; }

usage() {
    cat <<EOF
usage: $0 [-H host] [-r remote_dir] [-d dest] [-D YYYYMMDD] [-A] [-v]
  -A  active mode (default is passive)
EOF
}

while getopts "H:r:d:D:Avh" opt; do
    case "$opt" in
        H) FTP_HOST="$OPTARG" ;;
        r) REMOTE_DIR="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        D) DAY="$OPTARG" ;;
        A) PASSIVE=0 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v ftp >/dev/null 2>&1 || { oops "ftp client not installed"; exit 1; }

OUT="$DEST/$DAY"
mkdir -p "$OUT"

ftp_session() {
    # $1: extra ftp commands, run after login/cd
    mode="passive"
    [ "$PASSIVE" -eq 1 ] || mode=""
    ftp -n -i "$FTP_HOST" <<EOF
user anonymous nightly-fetch@corp.example
binary
${mode}
cd ${REMOTE_DIR}/${DAY}
lcd ${OUT}
$1
bye
EOF
}

say "listing ${FTP_HOST}:${REMOTE_DIR}/${DAY}"
listing="$(ftp_session "ls")"
[ "$VERBOSE" -eq 1 ] && printf '%s\n' "$listing"

files="$(printf '%s\n' "$listing" | awk '{print $NF}' | grep -E '\.(csv|csv\.gz|md5)$' || true)"
if [ -z "$files" ]; then
    oops "no exports for $DAY"
    exit 1
fi

count=0
for f in $files; do
    if [ -s "$OUT/$f" ]; then
        [ "$VERBOSE" -eq 1 ] && say "have $f"
        continue
    fi
    say "get $f"
    ftp_session "get $f" >/dev/null
    count=$((count + 1))
done
say "downloaded $count new file(s) into $OUT"

if [ -f "$OUT/MD5SUMS.md5" ]; then
    say "verifying checksums"
    if (cd "$OUT" && md5sum -c --quiet MD5SUMS.md5); then
        say "all checksums match"
    else
        oops "checksum mismatch - remove $OUT and retry"
        exit 1
    fi
else
    oops "no MD5SUMS.md5 published for $DAY; files not verified"
fi

for gz in "$OUT"/*.csv.gz; do
    [ -e "$gz" ] || continue
    gunzip -kf "$gz"
done
say "rows: $(cat "$OUT"/*.csv 2>/dev/null | wc -l)"
