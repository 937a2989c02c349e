#!/bin/sh
# receipt_mailer_install.sh - set up the donation receipt mailer on a volunteer's
# machine: virtualenv, dependencies, config skeleton and a runner script.
#
#   sh receipt_mailer_install.sh [--prefix DIR] [--smtp-host HOST]

set -eu

PREFIX="$(pwd)/receipt-mailer"
SMTP_HOST="smtp.gmail.com"
SMTP_PORT=587

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }
fail() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --smtp-host) SMTP_HOST="$2"; shift 2 ;;
        -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

command -v python3 >/dev/null 2>&1 || fail "python3 is required"

make_venv() {
    info "creating virtualenv in $PREFIX/venv"
    mkdir -p "$PREFIX"
    python3 -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet "jinja2>=3.1" "weasyprint>=60" "python-dotenv>=1.0"
}

write_config() {
    cfg="$PREFIX/receipts.env"
    if [ -f "$cfg" ]; then
        info "keeping existing $cfg"
        return
    fi
    info "writing config skeleton to $cfg"
    cat > "$cfg" <<EOF
# Donation receipt mailer settings
SMTP_HOST=$SMTP_HOST
SMTP_PORT=$SMTP_PORT
SMTP_USER=
SMTP_PASSWORD=
RECEIPT_FROM="Riverside Community Trust <receipts@riversidetrust.org>"
CHARITY_NUMBER=
DONATIONS_CSV=$PREFIX/donations.csv
SENT_LOG=$PREFIX/sent.log
EOF
    chmod 600 "$cfg"
    mkdir -p "$PREFIX/templates" "$PREFIX/out"
}

write_runner() {
    runner="$PREFIX/run-receipts.sh"
    info "writing $runner"
    cat > "$runner" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 1
set -a; . ./receipts.env; set +a
exec "$PREFIX/venv/bin/python" -m receipt_mailer --csv "\$DONATIONS_CSV" --log "\$SENT_LOG"
EOF
    chmod 700 "$runner"
}

check_layout() {
    missing=0
    for p in venv/bin/python receipts.env run-receipts.sh templates out; do
        if [ ! -e "$PREFIX/$p" ]; then
            warn "missing $PREFIX/$p"
            missing=1
        fi
    done
    [ "$missing" -eq 0 ] || fail "install incomplete"
}

make_venv
write_config
write_runner
check_layout

info "done. Fill in SMTP_USER / SMTP_PASSWORD in $PREFIX/receipts.env"
info "then send receipts with: $PREFIX/run-receipts.sh"
