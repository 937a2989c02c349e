#!/usr/bin/env bash
# node_bootstrap.sh - prepare a fresh analysis node for the basecalling pipeline.
#
# Creates the conda environment, checks reference availability and installs
# the vendor's basecaller helper scripts. Safe to re-run.
#
# Usage: node_bootstrap.sh [-e ENV_NAME] [-r REF_DIR] [-n]

set -euo pipefail

ENV_NAME="seqpipe"
REF_DIR="${HOME}/refs"
DRY_RUN=0
HELPER_URL="https://get.example.com/basecall-helper/install.sh"
LOG_FILE="${PWD}/bootstrap.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

die() {
    log ERROR "$*"
    exit 1
}

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts ":e:r:nh" opt; do
    case "$opt" in
        e) ENV_NAME="$OPTARG" ;;
        r) REF_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry-run: $*"
    else
        log INFO "run: $*"
        "$@"
    fi
}

check_prereqs() {
    local missing=0
    for tool in conda curl git; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            log WARN "missing tool: $tool"
            missing=1
        fi
    done
    [[ "$missing" -eq 0 ]] || die "install missing tools first"
}

setup_conda_env() {
    if conda env list | awk '{print $1}' | grep -qx "$ENV_NAME"; then
        log INFO "conda env $ENV_NAME already present"
        return 0
    fi
    run conda create -y -n "$ENV_NAME" -c bioconda -c conda-forge \
        python=3.11 samtools minimap2 seqkit fastp
}

check_references() {
    local missing=0
    for ref in GRCh38.fa GRCh38.fa.fai GRCh38.mmi; do
        if [[ ! -s "${REF_DIR}/${ref}" ]]; then
            log WARN "reference missing: ${REF_DIR}/${ref}"
            missing=$((missing + 1))
        fi
    done
    log INFO "reference check done, ${missing} missing"
}

install_helper() {
    log INFO "installing basecaller helper from vendor"
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry-run: would fetch ${HELPER_URL}"
        return 0
    fi
    curl -fsSL "$HELPER_URL" | bash -s -- --prefix "${HOME}/.local"
}

write_env_file() {
    local env_file="${PWD}/seqpipe.env"
    cat > "$env_file" <<EOF
SEQPIPE_ENV=${ENV_NAME}
SEQPIPE_REF_DIR=${REF_DIR}
SEQPIPE_THREADS=$(nproc)
EOF
    log INFO "wrote ${env_file}"
}

main() {
    log INFO "bootstrap starting on $(hostname)"
    check_prereqs
    setup_conda_env
    check_references
    install_helper
    write_env_file
    log INFO "bootstrap complete"
}

main "$@"
