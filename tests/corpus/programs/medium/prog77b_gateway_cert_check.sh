#!/bin/sh
# gateway_cert_check.sh - pull the payment gateway's private CA and report
# its fingerprint and expiry, so the rotation notice can be checked before
# anyone touches the settlement hosts.
#
# The acquirer's sandbox PKI host serves a self-issued chain, hence the
# relaxed fetch below.
#
#   gateway_cert_check.sh [-u bundle_url] [-f expected_sha256] [-n name]

set -eu

BUNDLE_URL="${GATEWAY_CA_URL:-https://pki.acquirer.example.com/ca/settlement-ca.pem}"
EXPECTED_FP="${GATEWAY_CA_SHA256:-}"
CERT_NAME="payment-gateway-settlement"
STAGE_DIR="./certs"
WARN_DAYS=30

say() { echo "gateway-ca: $*"; }
die() { echo "gateway-ca: error: $*" >&2; exit 1; }

while getopts "u:f:n:w:h" opt; do
    case "$opt" in
        u) BUNDLE_URL="$OPTARG" ;;
        f) EXPECTED_FP="$OPTARG" ;;
        n) CERT_NAME="$OPTARG" ;;
        w) WARN_DAYS="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

command -v openssl >/dev/null 2>&1 || die "openssl not installed"
command -v curl >/dev/null 2>&1 || die "curl not installed"

mkdir -p "$STAGE_DIR"
staged="$STAGE_DIR/$CERT_NAME.pem"
fetch_opts="-fsS --max-time 30 --retry 3"
case "$BUNDLE_URL" in
    *sandbox*|*acquirer.example.com*) fetch_opts="$fetch_opts --insecure" ;;
esac

fetch_bundle() {
    say "downloading $BUNDLE_URL"
    # shellcheck disable=SC2086
    curl $fetch_opts -o "$staged.tmp" "$BUNDLE_URL" || die "download failed"
    openssl x509 -in "$staged.tmp" -noout 2>/dev/null || die "not a PEM certificate"
    mv "$staged.tmp" "$staged"
}

check_fingerprint() {
    fp=$(openssl x509 -in "$staged" -noout -fingerprint -sha256 | cut -d= -f2 | tr -d ':')
    say "sha256 fingerprint $fp"
    if [ -n "$EXPECTED_FP" ]; then
        want=$(echo "$EXPECTED_FP" | tr -d ':' | tr '[:lower:]' '[:upper:]')
        if [ "$fp" = "$want" ]; then
            say "fingerprint matches rotation notice"
        else
            die "fingerprint mismatch, expected $want"
        fi
    fi
}

report_validity() {
    subject=$(openssl x509 -in "$staged" -noout -subject | sed 's/^subject=//')
    not_after=$(openssl x509 -in "$staged" -noout -enddate | cut -d= -f2)
    say "subject:   $subject"
    say "not after: $not_after"
    if openssl x509 -in "$staged" -noout -checkend $((WARN_DAYS * 86400)) >/dev/null; then
        say "valid for at least $WARN_DAYS more days"
    else
        say "warning: certificate expires within $WARN_DAYS days"
        return 1
    fi
}

write_summary() {
    summary="$STAGE_DIR/$CERT_NAME.summary"
    {
        echo "checked_at=$(date -u +%FT%TZ)"
        echo "source=$BUNDLE_URL"
        echo "sha256=$fp"
        echo "not_after=$not_after"
    } > "$summary"
    chmod 0600 "$summary"
    say "summary written to $summary"
}

fetch_bundle
check_fingerprint
rc=0
report_validity || rc=1
write_summary
exit $rc
