#!/usr/bin/env bash
# workspace_bootstrap.sh - prepare a fresh checkout for local development.
#
# Reads optional KEY=value settings from ./.bootstrap.conf in the
# checkout, fetches shared lint/editor configuration from the platform
# team's template repository and lays out the local directory skeleton.
set -euo pipefail

SCRIPT_NAME=${0##*/}
PROJECT_ROOT=$(pwd)
CONF_FILE="${PROJECT_ROOT}/.bootstrap.conf"
STAGING="${PROJECT_ROOT}/.bootstrap-staging"

# defaults, overridable by .bootstrap.conf
TEMPLATE_BASE="https://raw.githubusercontent.com/acme-platform/templates/main"
TEMPLATE_FILES=(".editorconfig" ".flake8" ".pre-commit-config.yaml" "pyproject.lint.toml")
LOCAL_DIRS=("build" "logs" "data/fixtures" "docs/_generated")
VERBOSE=0
FORCE=0

log()  { printf '[%s] %s\n' "$SCRIPT_NAME" "$*"; }
vlog() { (( VERBOSE )) && log "$@" || true; }
die()  { printf '[%s] error: %s\n' "$SCRIPT_NAME" "$*" >&2; exit 1; }

usage() {
    cat <<EOF
Usage: $SCRIPT_NAME [-v] [-f] [-b BASE_URL]
  -v   verbose output
  -f   overwrite existing config files
  -b   template base URL (default: $TEMPLATE_BASE)
EOF
}

cleanup() {
    [[ -d "$STAGING" ]] && rm -rf -- "$STAGING"
    vlog "staging area removed"
}
trap cleanup EXIT

load_config() {
    # plain KEY=value lines; only the keys below are honoured
    [[ -f "$CONF_FILE" ]] || return 0
    local key value
    while IFS='=' read -r key value; do
        key=${key//[[:space:]]/}
        value=${value%\"}; value=${value#\"}
        case $key in
            TEMPLATE_BASE) TEMPLATE_BASE=$value ;;
            TEMPLATE_FILES) read -r -a TEMPLATE_FILES <<< "$value" ;;
            LOCAL_DIRS) read -r -a LOCAL_DIRS <<< "$value" ;;
            VERBOSE|FORCE) if [[ $value == 1 ]]; then printf -v "$key" 1; fi ;;
            ''|\#*) ;;
            *) log "ignoring unknown setting '$key' in ${CONF_FILE##*/}" ;;
        esac
    done < "$CONF_FILE"
    vlog "loaded settings from $CONF_FILE"
}

describe_host() {
    local distro="unknown"
    if [[ -r /etc/os-release ]]; then
        distro=$(. /etc/os-release && printf '%s %s' "${ID:-?}" "${VERSION_ID:-}")
    fi
    log "host distribution: $distro, cpus: $(grep -c ^processor /proc/cpuinfo)"
}

fetch_template() {
    local name=$1 dest="$STAGING/$1"
    vlog "GET $TEMPLATE_BASE/$name"
    if ! curl -fsSL --max-time 20 --retry 2 -o "$dest" "$TEMPLATE_BASE/$name"; then
        log "warning: could not fetch $name, skipping"
        return 1
    fi
}

install_template() {
    local name=$1
    if [[ -e "$PROJECT_ROOT/$name" && $FORCE -eq 0 ]]; then
        log "keeping existing $name (use -f to replace)"
        return 0
    fi
    cp -- "$STAGING/$name" "$PROJECT_ROOT/$name"
    log "installed $name"
}

write_env_skeleton() {
    local envfile="$PROJECT_ROOT/.env.local"
    [[ -e "$envfile" ]] && return 0
    cat > "$envfile" <<'EOF'
# local overrides - never commit this file
APP_ENV=development
DATABASE_URL=sqlite:///./data/dev.sqlite3
LOG_LEVEL=debug
EOF
    chmod 0600 "$envfile"
    log "created .env.local (mode 0600)"
}

main() {
    while getopts ":vfb:h" opt; do
        case $opt in
            v) VERBOSE=1 ;;
            f) FORCE=1 ;;
            b) TEMPLATE_BASE=$OPTARG ;;
            h) usage; exit 0 ;;
            \?) usage; die "unknown option -$OPTARG" ;;
            :) die "option -$OPTARG needs an argument" ;;
        esac
    done
    load_config
    [[ -d "$PROJECT_ROOT/.git" ]] || die "run this from the root of a checkout"

    describe_host
    mkdir -p -- "$STAGING"
    for d in "${LOCAL_DIRS[@]}"; do mkdir -p -- "$PROJECT_ROOT/$d"; done

    local ok=0 failed=0
    for f in "${TEMPLATE_FILES[@]}"; do
        if fetch_template "$f"; then
            install_template "$f"; ok=$((ok + 1))
        else
            failed=$((failed + 1))
        fi
    done
    write_env_skeleton
    log "done: $ok template(s) installed, $failed skipped"
}

main "$@"
