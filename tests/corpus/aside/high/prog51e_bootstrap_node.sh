#!/usr/bin/env bash
# Build-agent bootstrap. Stage one (run as the normal user) writes
# ./bootstrap/provision.sh from packages.txt; stage two runs that generated
# script as root through sudo and records what was installed.
set -euo pipefail

STAGE_DIR=./bootstrap
PKG_LIST=${PKG_LIST:-packages.txt}
AGENT_USER=${AGENT_USER:-$(id -un)}
LOG_FILE="$STAGE_DIR/provision.log"

msg() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE" >&2; }

read_packages() {
    grep -v -E '^\s*(#|$)' "$PKG_LIST" | tr -s ' \t' '\n' | sort -u
}

write_provision_script() {
    local pkgs
    pkgs=$(read_packages | tr '\n' ' ')
    cat > "$STAGE_DIR/provision.sh" <<SCRIPT
#!/usr/bin/env bash
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends $pkgs
usermod -aG docker $AGENT_USER || true
install -d -m 0755 -o $AGENT_USER /opt/build-agent
echo "provisioned \$(date -u +%FT%TZ)" > /opt/build-agent/.provisioned
SCRIPT
    chmod 0750 "$STAGE_DIR/provision.sh"
}

show_plan() {
    msg "generated $STAGE_DIR/provision.sh:"
    sed 's/^/    /' "$STAGE_DIR/provision.sh" >&2
}

run_provision() {
    if [ "$(id -u)" -eq 0 ]; then
        bash "$STAGE_DIR/provision.sh"
    else
        msg "elevating with sudo to run provision.sh"
        sudo --preserve-env=DEBIAN_FRONTEND bash "$STAGE_DIR/provision.sh"
    fi
}

main() {
    mkdir -p "$STAGE_DIR"
    : > "$LOG_FILE"
    if [ ! -r "$PKG_LIST" ]; then
        msg "no $PKG_LIST found"
        exit 1
    fi
    write_provision_script
    show_plan
    case "${1:-}" in
        --plan-only)
            msg "plan only, not running"
            ;;
        *)
            if run_provision; then
                msg "provisioning finished"
                read_packages > "$STAGE_DIR/installed.txt"
            else
                msg "provisioning failed"
                exit 1
            fi
            ;;
    esac
}

main "$@"
