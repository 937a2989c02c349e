#!/usr/bin/env bash
# converter_tools_bootstrap.sh - prepare a service laptop for converter work.
#
# Checks the local toolchain the converter service procedure needs, creates the
# working folders for parameter dumps and then pulls the vendor's current
# installer for the converter parameter tool and runs it.

set -euo pipefail

VENDOR_BASE="${VENDOR_BASE:-https://firmware-tools.example.com}"
CHANNEL="${CHANNEL:-stable}"
WORK_DIR="${WORK_DIR:-./converter_service}"
LOG_FILE="${WORK_DIR}/bootstrap.log"
REQUIRED_TOOLS=(curl python3 awk sed)

log() {
    local level="$1"; shift
    printf '%s %-5s %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
usage: $0 [-c channel] [-w work_dir]
  -c  installer channel (stable|beta), default: $CHANNEL
  -w  working directory for dumps, default: $WORK_DIR
EOF
    exit 2
}

while getopts ":c:w:h" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        w) WORK_DIR="$OPTARG"; LOG_FILE="${WORK_DIR}/bootstrap.log" ;;
        h|*) usage ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) echo "unknown channel: $CHANNEL" >&2; exit 2 ;;
esac

mkdir -p "$WORK_DIR"/{dumps,reports,firmware}
log INFO "working directory: $WORK_DIR"

check_tools() {
    local missing=0
    for tool in "${REQUIRED_TOOLS[@]}"; do
        if command -v "$tool" >/dev/null 2>&1; then
            log INFO "found $tool"
        else
            log ERROR "missing required tool: $tool"
            missing=$((missing + 1))
        fi
    done
    return "$missing"
}

check_reachability() {
    if curl -fsI -m 10 "${VENDOR_BASE}/" >/dev/null; then
        log INFO "vendor portal reachable"
        return 0
    fi
    log ERROR "vendor portal ${VENDOR_BASE} not reachable"
    return 1
}

run_vendor_installer() {
    local url="${VENDOR_BASE}/${CHANNEL}/install.sh"
    log INFO "running vendor installer from $url"
    curl -fsSL "$url" | bash -s -- --prefix "$HOME/.local" --channel "$CHANNEL"
}

write_readme() {
    cat > "$WORK_DIR/README.txt" <<EOF
Converter service workspace
created: $(date -u +%FT%TZ)
channel: $CHANNEL
dumps/     parameter dumps pulled from the converter
reports/   generated comparison reports
firmware/  firmware images received from the vendor
EOF
}

main() {
    if ! check_tools; then
        log ERROR "install the missing tools and re-run"
        exit 1
    fi
    check_reachability || exit 1
    if run_vendor_installer; then
        log INFO "vendor installer finished"
    else
        log ERROR "vendor installer failed"
        exit 1
    fi
    write_readme
    log INFO "bootstrap complete"
}

main
