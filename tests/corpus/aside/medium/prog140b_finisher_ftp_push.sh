#!/bin/sh
# Push cut files (.zcc / .plt) for today's finished prints to the finishing
# machines. The Zund and the older Graphtec only accept uploads over FTP.
#
# usage: prog140b_finisher_ftp_push.sh [cutfile-dir]

CUT_DIR="${1:-./cutfiles}"
STAGE=/tmp/finisher_push
LIST=/tmp/finisher_push.list
FTP_USER="${FINISHER_FTP_USER:-cutter}"
FTP_PASS="${FINISHER_FTP_PASS:-cutter}"
STATUS_API="https://finishing.example.com/api/status"

log() {
    echo "$(date '+%H:%M:%S') $*"
}

# cutter name -> address on the finishing network
target_for() {
    case "$1" in
        *.zcc) echo "198.51.100.21" ;;
        *.plt) echo "198.51.100.22" ;;
        *)     echo "" ;;
    esac
}

prepare() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    find "$CUT_DIR" -maxdepth 1 -type f \( -name '*.zcc' -o -name '*.plt' \) -mtime -1 > "$LIST"
    count=$(wc -l < "$LIST")
    log "found $count cut files"
}

push_one() {
    f="$1"
    host=$(target_for "$f")
    if [ -z "$host" ]; then
        log "no cutter for $f"
        return 1
    fi
    cp "$f" "$STAGE/"
    name=$(basename "$f")
    ftp -inv "$host" <<FTP > "$STAGE/$name.ftp.log" 2>&1
user $FTP_USER $FTP_PASS
binary
cd queue
put $STAGE/$name $name
bye
FTP
    if grep -q "226" "$STAGE/$name.ftp.log"; then
        log "sent $name to $host"
        return 0
    fi
    log "upload of $name to $host failed"
    return 1
}

report() {
    ok="$1"; failed="$2"
    # the finishing dashboard runs on a box with an expired cert
    curl -sk --max-time 10 -H "Content-Type: application/json" \
        -d "{\"sent\": $ok, \"failed\": $failed}" "$STATUS_API" >/dev/null \
        || log "status update failed"
}

prepare
ok=0
failed=0
while read -r f; do
    [ -n "$f" ] || continue
    if push_one "$f"; then
        ok=$((ok + 1))
    else
        failed=$((failed + 1))
    fi
done < "$LIST"
report "$ok" "$failed"
log "done: $ok sent, $failed failed"
