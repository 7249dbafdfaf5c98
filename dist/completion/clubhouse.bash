# bash completion for clubhouse(1)                         -*- shell-script -*-
# Installed as share/bash-completion/completions/clubhouse (loaded on demand by bash-completion).
# The InstallTests suite checks that it offers every option 'clubhouse ... --help' lists.

_clubhouse()
{
    local cur prev words cword split
    _init_completion -s || return

    # The command is the first word that is not an option or an option's value.
    local command="" i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            --database | --server | --port | --listen | --policy | --state-dir | --user | --devices-dir | --ssh-host-secret-file | --tls-cert | --tls-key | --trusted-proxy | --metrics-token-file | --db-pool | --db-timeout | --read-cache | --max-streams | --season | --from | --refresh-season | --every | --webhook-allow | --webhook-ca | --webhook-retry-base)
                ((i++))
                ;;
            -*) ;;
            *)
                command=${words[i]}
                break
                ;;
        esac
    done

    case $prev in
        --database)
            _filedir '@(sqlite|sqlite3|db)'
            return
            ;;
        --state-dir | --devices-dir)
            _filedir -d
            return
            ;;
        --ssh-host-secret-file | --tls-key | --metrics-token-file)
            _filedir
            return
            ;;
        --tls-cert | --ca-file | --webhook-ca)
            _filedir '@(pem|crt|cer)'
            return
            ;;
        --user)
            COMPREPLY=($(compgen -u -- "$cur"))
            return
            ;;
        --policy)
            COMPREPLY=($(compgen -W 'open linked' -- "$cur"))
            return
            ;;
        --server | --port | --listen | --trusted-proxy | --db-pool | --db-timeout | --read-cache | --max-streams | --season | --from | --refresh-season | --every | --webhook-allow | --webhook-retry-base)
            return
            ;;
        --help | -h | --version | -V)
            return
            ;;
    esac
    $split && return

    local options
    case $command in
        "")
            options="--database --server --ca-file --allow-plain-http --no-color --help --version"
            if [[ $cur != -* ]]; then
                COMPREPLY=($(compgen -W 'season import-stats backup host-ssh serve' -- "$cur"))
                return
            fi
            ;;
        import-stats)
            options="--database --help"
            if [[ $cur != -* ]]; then
                _filedir '@(csv|gz)'
                return
            fi
            ;;
        season)
            options="--season --from --database --help"
            if [[ $cur != -* ]]; then
                # season import|fetch|list, then a folder (import) or a year (fetch).
                local sub="" j
                for ((j = i + 1; j < cword; j++)); do
                    case ${words[j]} in
                        --database | --season | --from) ((j++)) ;;
                        -*) ;;
                        *) sub=${words[j]}; break ;;
                    esac
                done
                case $sub in
                    "") COMPREPLY=($(compgen -W 'import fetch list' -- "$cur")) ;;
                    import) _filedir ;;
                esac
                return
            fi
            ;;
        backup)
            options="--database --help"
            if [[ $cur != -* ]]; then
                _filedir
                return
            fi
            ;;
        host-ssh)
            options="--port --listen --database --policy --state-dir --user --server --ssh-host-secret-file --ca-file --allow-plain-http --help"
            ;;
        serve)
            options="--listen --tls-cert --tls-key --allow-plain-http --database --db-pool --db-timeout --read-cache --max-streams --ssh-host-secret-file --trusted-proxy --metrics-token-file --webhook-allow --webhook-ca --webhook-retry-base --refresh-season --every --from --help"
            ;;
        *)
            return
            ;;
    esac
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
} &&
    complete -F _clubhouse clubhouse

# ex: filetype=sh
