#!/usr/bin/env bash
# Generate a bash completion script for the `deployctl` CLI from the
# subcommand table in ./cli/commands.tsv. The result lands in
# ./dist/completions/ and is packaged with the release tarball; this script
# does not install it anywhere or touch the user's shell configuration.
set -euo pipefail

TABLE="${1:-cli/commands.tsv}"
OUT_DIR="${OUT_DIR:-dist/completions}"
PROG="${PROG:-deployctl}"
VERBOSE="${VERBOSE:-0}"

log() { [[ "$VERBOSE" == 1 ]] && printf '[gen] %s\n' "$*" >&2; return 0; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

[[ -r "$TABLE" ]] || die "command table $TABLE not readable"
mkdir -p "$OUT_DIR"

declare -a subcommands=()
declare -A flags_for=()

# table format: <subcommand>\t<comma separated flags>\t<description>
while IFS=$'\t' read -r cmd flags _desc; do
    [[ -z "$cmd" || "$cmd" == \#* ]] && continue
    subcommands+=("$cmd")
    flags_for["$cmd"]="${flags//,/ }"
    log "registered $cmd (${flags_for[$cmd]:-no flags})"
done < "$TABLE"

(( ${#subcommands[@]} > 0 )) || die "no subcommands found in $TABLE"

func="_${PROG//-/_}_complete"
target="$OUT_DIR/$PROG.bash"

{
    printf '# bash completion for %s -- generated %s\n' "$PROG" "$(date -u +%Y-%m-%d)"
    printf '%s() {\n' "$func"
    printf '    local cur prev words cword\n'
    printf '    _init_completion || return\n'
    printf '    if (( cword == 1 )); then\n'
    printf '        COMPREPLY=( $(compgen -W "%s" -- "$cur") )\n' "${subcommands[*]}"
    printf '        return\n'
    printf '    fi\n'
    printf '    case "${words[1]}" in\n'
    for cmd in "${subcommands[@]}"; do
        printf '        %s) COMPREPLY=( $(compgen -W "%s" -- "$cur") ) ;;\n' \
            "$cmd" "${flags_for[$cmd]}"
    done
    printf '    esac\n'
    printf '}\n'
    printf 'complete -F %s %s\n' "$func" "$PROG"
} > "$target.tmp"

mv "$target.tmp" "$target"
chmod 0644 "$target"

# zsh users get a thin wrapper that reuses the bash function
cat > "$OUT_DIR/_$PROG" <<ZSH
#compdef $PROG
autoload -U bashcompinit && bashcompinit
source "\${0:h}/$PROG.bash"
ZSH

printf 'generated %s (%d subcommands)\n' "$target" "${#subcommands[@]}"
printf 'ship it with: tar -rf dist/%s.tar %s\n' "$PROG" "$OUT_DIR"
