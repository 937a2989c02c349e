#!/usr/bin/env bash
# daily_report_ftp_push.sh - package the chief scientist's daily cruise
# report (PDF + station table + track plot) and drop it on the operator's
# shore FTP so the ship's office and the funding agency get it each morning.
#
# usage: daily_report_ftp_push.sh [-d YYYY-MM-DD] [-r reports_dir] [-k]
#   -d  report date (default: yesterday UTC)
#   -r  directory containing per-day report folders (default ./reports)
#   -k  keep the local package after upload

set -euo pipefail

REPORT_ROOT="./reports"
DAY="$(date -u -d yesterday +%F)"
KEEP=0
OUTBOX="./outbox"
CONF_FILE="./shore_ftp.conf"

while getopts ":d:r:k" o; do
    case "$o" in
        d) DAY="$OPTARG" ;;
        r) REPORT_ROOT="$OPTARG" ;;
        k) KEEP=1 ;;
        *) sed -n '2,10p' "$0"; exit 64 ;;
    esac
done

# shore_ftp.conf holds FTP_HOST / FTP_DIR / CRUISE_ID; the password comes
# from the environment of the cron job.
FTP_HOST="ftp.operator.example.org"
FTP_DIR="/incoming/daily"
CRUISE_ID="CRUISE"
[[ -f "$CONF_FILE" ]] && . "$CONF_FILE"
: "${FTP_USER:?set FTP_USER}"
: "${FTP_PASS:?set FTP_PASS}"

info() { echo "$(date -u +'%F %T') $*"; }

package_day() {
    local src="$REPORT_ROOT/$DAY"
    [[ -d "$src" ]] || { info "no report folder for $DAY"; exit 1; }
    local required=(daily_report.pdf stations.csv)
    local f
    for f in "${required[@]}"; do
        [[ -s "$src/$f" ]] || { info "missing $f in $src"; exit 1; }
    done
    mkdir -p "$OUTBOX"
    PKG="$OUTBOX/${CRUISE_ID}_daily_${DAY}.tar.gz"
    tar -C "$REPORT_ROOT" -czf "$PKG" "$DAY"
    sha256sum "$PKG" | awk '{print $1}' > "$PKG.sha256"
    info "packaged $(du -h "$PKG" | cut -f1) -> $PKG"
}

upload_curl() {
    local file
    for file in "$PKG" "$PKG.sha256"; do
        curl --silent --show-error --fail \
             --ftp-create-dirs --ftp-pasv \
             --retry 4 --retry-delay 30 --connect-timeout 60 \
             --user "${FTP_USER}:${FTP_PASS}" \
             -T "$file" "ftp://${FTP_HOST}${FTP_DIR}/${CRUISE_ID}/" || return 1
    done
}

upload_ftp_client() {
    # fallback for the older bridge PC without curl
    ftp -inv "$FTP_HOST" <<EOF
user $FTP_USER $FTP_PASS
binary
passive
mkdir $FTP_DIR/$CRUISE_ID
cd $FTP_DIR/$CRUISE_ID
lcd $(dirname "$PKG")
put $(basename "$PKG")
put $(basename "$PKG").sha256
bye
EOF
}

package_day

if command -v curl >/dev/null 2>&1; then
    upload_curl || { info "upload failed"; exit 1; }
else
    upload_ftp_client | tee -a "$OUTBOX/ftp_session.log" | grep -q "226" || { info "upload failed"; exit 1; }
fi
info "uploaded $(basename "$PKG") to $FTP_HOST"

if (( ! KEEP )); then
    rm -f "$PKG" "$PKG.sha256"
fi
