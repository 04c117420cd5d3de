" LM Descriptors & TOSCA language server in Vim 9 with no plugin: Vim's own LSP channel
" (job_start with in_mode/out_mode 'lsp'). Paste this into your vimrc. Set g:lm_server to the
" dist/server.js of your build, or set the environment variable LM_DESCRIPTORS_SERVER. Node 20.12
" or newer must be on PATH. Positions are sent as byte columns: right for ASCII descriptors.
" (e2e/vim/harness.vim loads this exact file, so the snippet in the README is tested.)
let g:lm_server = get(g:, 'lm_server', empty($LM_DESCRIPTORS_SERVER)
      \ ? expand('~/lm-descriptors/dist/server.js') : $LM_DESCRIPTORS_SERVER)
let g:lm_diagnostics = {}  " uri -> the diagnostics the server published last
let s:jobs = {}            " root folder -> {job, ch, open: {bufnr: changedtick sent}}

function! LmRoot(file) abort
  " The server's rule: the version-control root, else the top-most folder holding an lmctl
  " project or a CSAR, else the file's folder; never the home folder or `/`.
  let dir = fnamemodify(a:file, ':p:h')
  for m in ['.git', '.hg', '.svn']
    let f = finddir(m, dir . ';')
    if empty(f) | let f = findfile(m, dir . ';') | endif
    let r = fnamemodify(f, ':p:h:h')
    if !empty(f) && r !=# expand('~') && r !=# '/' | return r | endif
  endfor
  for m in ['lmproject.yml', 'lmproject.yaml', 'TOSCA-Metadata/TOSCA.meta']
    let found = findfile(m, dir . ';', -1)
    if !empty(found)
      let r = fnamemodify(found[-1], ':p:h' . (m =~# '/' ? ':h' : ''))
      if r !=# expand('~') && r !=# '/' | return r | endif
    endif
  endfor
  return dir
endfunction

function! s:Uri(path) abort
  return 'file://' . substitute(fnamemodify(a:path, ':p'), '[^A-Za-z0-9/._~-]',
        \ '\=printf("%%%02X", char2nr(submatch(0)))', 'g')
endfunction
function! s:Path(uri) abort
  return substitute(substitute(a:uri, '^file://', '', ''), '%\(\x\x\)', '\=nr2char("0x" . submatch(1))', 'g')
endfunction

" Messages the server sends: diagnostics are kept and shown; its requests get an empty answer.
function! s:OnMessage(ch, msg) abort
  if get(a:msg, 'method', '') ==# 'textDocument/publishDiagnostics'
    let g:lm_diagnostics[a:msg.params.uri] = a:msg.params.diagnostics
    let buf = bufnr(s:Path(a:msg.params.uri))
    if buf > 0 && buf == bufnr('%') | call LmShowDiagnostics() | endif
  elseif has_key(a:msg, 'method') && has_key(a:msg, 'id')
    call ch_sendexpr(a:ch, {'id': a:msg.id, 'result': v:null})
  endif
endfunction

function! s:Start(root) abort
  if has_key(s:jobs, a:root) | return s:jobs[a:root] | endif
  let job = job_start(['node', g:lm_server, '--stdio'], {'in_mode': 'lsp', 'out_mode': 'lsp',
        \ 'err_mode': 'nl', 'err_cb': {ch, line -> 0}, 'callback': function('s:OnMessage'), 'noblock': 1})
  let ch = job_getchannel(job)
  let init = ch_evalexpr(ch, {'method': 'initialize', 'params': {'processId': getpid(),
        \ 'rootUri': s:Uri(a:root), 'workspaceFolders': [{'uri': s:Uri(a:root), 'name': fnamemodify(a:root, ':t')}],
        \ 'capabilities': {'textDocument': {'publishDiagnostics': {}, 'hover': {'contentFormat': ['plaintext']}}}}},
        \ {'timeout': 10000})
  if empty(init) || !has_key(init, 'result') | echoerr 'lm-descriptors: initialize failed' | return {} | endif
  call ch_sendexpr(ch, {'method': 'initialized', 'params': {}})
  let s:jobs[a:root] = {'job': job, 'ch': ch, 'open': {}, 'init': init.result}
  return s:jobs[a:root]
endfunction

" Sends the buffer's text when the server has not seen it (didOpen) or it changed (full-text didChange).
function! s:Sync(buf) abort
  let c = s:Start(getbufvar(a:buf, 'lm_root', LmRoot(bufname(a:buf))))
  if empty(c) | return {} | endif
  let tick = getbufvar(a:buf, 'changedtick')
  let text = join(getbufline(a:buf, 1, '$'), "\n") . "\n"
  let uri = s:Uri(bufname(a:buf))
  if !has_key(c.open, a:buf)
    call ch_sendexpr(c.ch, {'method': 'textDocument/didOpen', 'params': {'textDocument':
          \ {'uri': uri, 'languageId': 'yaml', 'version': tick, 'text': text}}})
  elseif c.open[a:buf] != tick
    call ch_sendexpr(c.ch, {'method': 'textDocument/didChange', 'params': {'textDocument':
          \ {'uri': uri, 'version': tick}, 'contentChanges': [{'text': text}]}})
  endif
  let c.open[a:buf] = tick
  return c
endfunction

" The server of the current buffer: {job, ch, open, init} (init: the answer to `initialize`).
function! LmClient() abort
  return s:Sync(bufnr('%'))
endfunction

function! s:Close(buf) abort
  for c in values(s:jobs)
    if has_key(c.open, a:buf)
      call remove(c.open, a:buf)
      call ch_sendexpr(c.ch, {'method': 'textDocument/didClose',
            \ 'params': {'textDocument': {'uri': s:Uri(bufname(a:buf))}}})
    endif
  endfor
endfunction

" A request at the cursor; returns the result (v:null when there is none or it failed).
function! LmRequest(method, extra) abort
  let c = s:Sync(bufnr('%'))
  if empty(c) | return v:null | endif
  let params = extend({'textDocument': {'uri': s:Uri(expand('%'))},
        \ 'position': {'line': line('.') - 1, 'character': col('.') - 1}}, a:extra)
  let r = ch_evalexpr(c.ch, {'method': a:method, 'params': params}, {'timeout': 10000})
  if has_key(r, 'error') | echohl ErrorMsg | echo 'lm-descriptors: ' . r.error.message | echohl None | endif
  return get(r, 'result', v:null)
endfunction

function! LmShowDiagnostics() abort
  let items = []
  for d in get(g:lm_diagnostics, s:Uri(expand('%')), [])
    call add(items, {'bufnr': bufnr('%'), 'lnum': d.range.start.line + 1, 'col': d.range.start.character + 1,
          \ 'type': get({1: 'E', 2: 'W', 3: 'I'}, get(d, 'severity', 1), 'N'), 'text': d.code . ' ' . d.message})
  endfor
  call setloclist(0, items, 'r')
endfunction

function! LmComplete(findstart, base) abort
  if a:findstart | return match(getline('.')[: col('.') - 2], '[A-Za-z0-9_-]*$') | endif
  let r = LmRequest('textDocument/completion', {})
  let items = type(r) == v:t_dict ? r.items : type(r) == v:t_list ? r : []
  return map(items, {_, it -> {'word': it.label, 'menu': get(it, 'detail', ''), 'dup': 1}})
endfunction

function! LmHover() abort
  let r = LmRequest('textDocument/hover', {})
  let c = type(r) == v:t_dict ? r.contents : ''
  let text = type(c) == v:t_string ? c : type(c) == v:t_dict ? c.value
        \ : join(map(copy(c), {_, p -> type(p) == v:t_string ? p : p.value}), "\n")
  if !empty(text) && exists('*popup_atcursor') | silent! call popup_atcursor(split(text, "\n"), {}) | endif
  return text
endfunction

function! LmDefinition() abort
  let r = LmRequest('textDocument/definition', {})
  let locs = type(r) == v:t_dict ? [r] : type(r) == v:t_list ? r : []
  if empty(locs) | return {} | endif
  let range = get(locs[0], 'targetSelectionRange', get(locs[0], 'range', {}))
  execute 'hide edit' fnameescape(s:Path(get(locs[0], 'targetUri', get(locs[0], 'uri', ''))))
  call cursor(range.start.line + 1, range.start.character + 1)
  return locs[0]
endfunction

function! LmReferences() abort
  let r = LmRequest('textDocument/references', {'context': {'includeDeclaration': v:true}})
  call setqflist(map(r is v:null ? [] : r, {_, l -> {'filename': s:Path(l.uri),
        \ 'lnum': l.range.start.line + 1, 'col': l.range.start.character + 1}}), 'r')
  return getqflist()
endfunction

" Applies one text edit to a loaded buffer (edits of one buffer go last to first).
function! s:Apply(buf, e) abort
  let [s, e] = [a:e.range.start, a:e.range.end]
  let lines = getbufline(a:buf, s.line + 1, e.line + 1)
  let new = split(strpart(lines[0], 0, s.character) . a:e.newText . strpart(get(lines, -1, ''), e.character), "\n", 1)
  call deletebufline(a:buf, s.line + 1, e.line + 1)
  call appendbufline(a:buf, s.line, new)
endfunction

function! LmRename(name) abort
  let r = LmRequest('textDocument/rename', {'newName': a:name})
  let changes = type(r) == v:t_dict ? copy(get(r, 'changes', {})) : {}
  for d in type(r) == v:t_dict ? get(r, 'documentChanges', []) : []
    let changes[d.textDocument.uri] = d.edits
  endfor
  for [uri, edits] in items(changes)
    let buf = bufadd(s:Path(uri))
    call bufload(buf)
    call setbufvar(buf, '&buflisted', 1)
    for e in sort(copy(edits), {a, b -> b.range.start.line - a.range.start.line ?
          \ b.range.start.line - a.range.start.line : b.range.start.character - a.range.start.character})
      call s:Apply(buf, e)
    endfor
    call s:Sync(buf)
  endfor
  return len(changes)
endfunction

augroup lm_descriptors
  autocmd!
  autocmd FileType yaml let b:lm_root = LmRoot(expand('<afile>')) | call s:Sync(str2nr(expand('<abuf>')))
        \ | setlocal omnifunc=LmComplete
        \ | nnoremap <buffer> K :call LmHover()<CR>
        \ | nnoremap <buffer> gd :call LmDefinition()<CR>
        \ | nnoremap <buffer> gr :call LmReferences() \| copen<CR>
        \ | nnoremap <buffer> gl :call LmShowDiagnostics() \| lopen<CR>
        \ | nnoremap <buffer> <leader>rn :call LmRename(input('New name: ', expand('<cword>')))<CR>
  autocmd TextChanged,InsertLeave *.yml,*.yaml if exists('b:lm_root') | call s:Sync(bufnr('%')) | endif
  autocmd BufEnter *.yml,*.yaml if exists('b:lm_root') | call LmShowDiagnostics() | endif
  autocmd BufDelete *.yml,*.yaml call s:Close(str2nr(expand('<abuf>')))
  autocmd VimLeavePre * for c in values(s:jobs) | call job_stop(c.job) | endfor
augroup END
