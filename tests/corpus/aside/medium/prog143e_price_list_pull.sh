#!/bin/bash
# Pull the supplier's solvent and hanger price lists each Monday and share
# them with the back-office laptop on the shop network.
#
# The supplier's HTTPS certificate expired last year and they still have not
# fixed it; the hanger wholesaler only offers FTP.

set -u

SOLVENT_URL="${SOLVENT_URL:-https://supplier.example.com/prices/solvent.csv}"
FTP_HOST="${FTP_HOST:-ftp.example.net}"
FTP_USER="${FTP_USER:-shop1042}"
FTP_PASS="${FTP_PASS:-}"
WORK="/tmp/pricelists"
SHARE_PORT="${SHARE_PORT:-8080}"

msg() { echo "$(date +%H:%M:%S) $*"; }

prepare() {
    mkdir -p "$WORK"
    rm -f "$WORK"/*.csv.part
}

pull_solvent() {
    msg "fetching solvent prices"
    if curl -k -sS --max-time 30 -o "$WORK/solvent.csv.part" "$SOLVENT_URL"; then
        mv "$WORK/solvent.csv.part" "$WORK/solvent.csv"
        msg "solvent.csv: $(wc -l < "$WORK/solvent.csv") lines"
    else
        msg "solvent download failed"
        return 1
    fi
}

pull_hangers() {
    if [ -z "$FTP_PASS" ]; then
        msg "FTP_PASS not set, skipping hangers"
        return 1
    fi
    msg "fetching hanger prices from $FTP_HOST"
    ftp -inv "$FTP_HOST" <<EOF > "$WORK/ftp.log" 2>&1
user $FTP_USER $FTP_PASS
binary
cd pricing
get hangers.csv $WORK/hangers.csv
bye
EOF
    if [ -s "$WORK/hangers.csv" ]; then
        msg "hangers.csv ok"
    else
        msg "hanger download failed, see $WORK/ftp.log"
        return 1
    fi
}

summary() {
    for f in "$WORK"/*.csv; do
        [ -e "$f" ] || continue
        # second column is the unit price
        awk -F, -v name="$(basename "$f")" \
            'NR>1 { n++; s+=$2 } END { if (n) printf "%-14s %4d items, avg %.2f\n", name, n, s/n }' "$f"
    done
}

share() {
    msg "sharing $WORK on port $SHARE_PORT (Ctrl-C to stop)"
    cd "$WORK" || exit 1
    python3 -m http.server "$SHARE_PORT" --bind 0.0.0.0
}

prepare
ok=0
pull_solvent && ok=$((ok + 1))
pull_hangers && ok=$((ok + 1))
msg "$ok of 2 price lists updated"
summary

if [ "${1:-}" = "--share" ]; then
    share
fi
