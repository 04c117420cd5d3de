" Vim 9 headless harness for the LM Descriptors language server, through Vim's own LSP channel.
" Run by e2e/vim/run.sh:  vim -N -u NONE -i NONE -n -es -S harness.vim
" Env: LM_E2E_WS (seeded copy of examples/video-streamer, see e2e/lib/seed-workspace.sh),
"      LM_DESCRIPTORS_SERVER (dist/server.js), LM_E2E_CONFIG (the user snippet lm-descriptors.vim),
"      LM_E2E_OUT (where the `ok - ...` / `not ok - ...` lines go; Vim in -es mode has no stdout).
" Exits 0 only when every check passed.
let s:ws = $LM_E2E_WS
let s:out = $LM_E2E_OUT
let s:timeout = str2nr(empty($LM_E2E_TIMEOUT_MS) ? '20000' : $LM_E2E_TIMEOUT_MS)
let s:t0 = reltime()
let s:passed = 0
let s:failed = 0
call writefile([], s:out)

function! s:Out(line) abort
  call writefile([a:line], s:out, 'a')
endfunction
function! s:Ms() abort
  return float2nr(reltimefloat(reltime(s:t0)) * 1000)
endfunction
function! s:Finish() abort
  call s:Out(printf('vim: %d passed, %d failed (%d ms)', s:passed, s:failed, s:Ms()))
  if s:failed > 0 | cquit 1 | else | qall! | endif
endfunction
" Runs check a:fn; a string result is a detail for the `ok` line, an exception a failure.
function! s:Check(name, fn) abort
  try
    let detail = call(a:fn, [])
    let s:passed += 1
    call s:Out('ok - ' . a:name . (type(detail) == v:t_string && !empty(detail) ? ' (' . detail . ')' : ''))
    return 1
  catch
    let s:failed += 1
    call s:Out('not ok - ' . a:name . ': ' . v:exception . ' [' . v:throwpoint . ']')
    return 0
  endtry
endfunction
function! s:Assert(cond, msg) abort
  if !a:cond | throw a:msg | endif
endfunction
" Waits (processing channel messages) until a:cond evaluates true or the time is up.
function! s:Wait(cond, ms) abort
  let t = reltime()
  while reltimefloat(reltime(t)) * 1000 < a:ms
    if eval(a:cond) | return 1 | endif
    sleep 20m
  endwhile
  return eval(a:cond)
endfunction
" Moves the cursor to the first match of a literal string (+ a:plus characters).
function! s:Goto(needle, plus) abort
  let lnum = search('\V' . escape(a:needle, '\'), 'cw')
  call s:Assert(lnum > 0, 'text not found in buffer: ' . a:needle)
  call cursor(lnum, col('.') + a:plus)
endfunction
" Top-level `properties:` keys of a descriptor, read with a plain line scan (no YAML library here).
function! s:PropertyNames(path) abort
  let [names, inside] = [[], 0]
  for l in readfile(a:path)
    if l =~# '^properties:\s*$' | let inside = 1
    elseif l =~# '^\S' | let inside = 0
    elseif inside && l =~# '^  [A-Za-z0-9_-]\+:\s*$' | call add(names, matchstr(l, '^  \zs[A-Za-z0-9_-]\+'))
    endif
  endfor
  return names
endfunction
function! s:Diag(code) abort
  return filter(copy(get(g:lm_diagnostics, s:uri, [])), {_, d -> get(d, 'code', '') ==# a:code})
endfunction

" The user's setup, exactly as the README shows it.
filetype on
" The checks put the cursor where Insert mode would have it, after the last character typed.
set virtualedit=onemore
execute 'source' fnameescape($LM_E2E_CONFIG)

let s:assembly = s:ws . '/Descriptor/assembly.yml'
let s:balancer = s:ws . '/Contains/balancer/Definitions/lm/resource.yaml'
execute 'edit' fnameescape(s:assembly)
let s:buf = bufnr('%')
let s:uri = 'file://' . s:assembly

function! s:Attach() abort
  call s:Assert(&filetype ==# 'yaml', 'filetype is ' . &filetype)
  call s:Assert(exists('b:lm_root'), 'the FileType autocmd did not run')
  call s:Assert(b:lm_root ==# s:ws, 'root ' . b:lm_root . ', expected ' . s:ws)
  call s:Assert(&omnifunc ==# 'LmComplete', 'omnifunc is ' . &omnifunc)
  let client = LmClient()
  call s:Assert(!empty(client) && ch_status(client.ch) ==# 'open', 'no open channel to the server')
  call s:Assert(has_key(client.init.capabilities, 'completionProvider'), 'no completionProvider')
  call s:Assert(!empty(maparg('gd', 'n')) && !empty(maparg('K', 'n')), 'mappings missing')
  return 'initialized after ' . s:Ms() . ' ms, root ' . b:lm_root
endfunction
if !s:Check('filetype yaml starts the server and initializes it over the LSP channel', function('s:Attach'))
  call s:Finish()
endif

let s:have = s:Wait('!empty(s:Diag("LM031")) && !empty(s:Diag("LM032"))', s:timeout)
function! s:Lm031() abort
  let ds = s:Diag('LM031')
  call s:Assert(!empty(ds), 'no LM031 after ' . s:timeout . ' ms; got ' . string(get(g:lm_diagnostics, s:uri, [])))
  let d = ds[0]
  call s:Goto('deploymentLocaton}', 0)
  call s:Assert(get(d, 'severity') == 1, 'severity ' . get(d, 'severity'))
  call s:Assert(d.range.start.line == line('.') - 1, printf('line %d, expected %d', d.range.start.line, line('.') - 1))
  call s:Assert(stridx(d.message, 'deploymentLocation') >= 0, 'message: ' . d.message)
  return printf('%d:%d %s', d.range.start.line + 1, d.range.start.character + 1, d.message)
endfunction
call s:Check('diagnostic LM031 (error) on ${deploymentLocaton}', function('s:Lm031'))
function! s:Lm032() abort
  let ds = s:Diag('LM032')
  call s:Assert(!empty(ds), 'no LM032 after ' . s:timeout . ' ms (have=' . s:have . ')')
  let d = ds[0]
  call s:Goto('privateIP}', 0)
  call s:Assert(d.range.start.line == line('.') - 1 && d.range.start.character == col('.') - 1,
        \ printf('at %d:%d, expected %d:%d', d.range.start.line, d.range.start.character, line('.') - 1, col('.') - 1))
  call s:Assert(stridx(d.message, 'Did you mean `privateIp`') >= 0, 'message: ' . d.message)
  return printf('%d:%d %s', d.range.start.line + 1, d.range.start.character + 1, d.message)
endfunction
call s:Check('diagnostic LM032 (cross-file) on ${balancer.privateIP}', function('s:Lm032'))
function! s:NoOther() abort
  let extra = filter(copy(get(g:lm_diagnostics, s:uri, [])), {_, d -> d.code !=# 'LM031' && d.code !=# 'LM032'})
  call s:Assert(empty(extra), string(extra))
  call LmShowDiagnostics()
  call s:Assert(len(getloclist(0)) == 2, 'location list: ' . string(getloclist(0)))
endfunction
call s:Check('no other diagnostics in the seeded assembly, both in the location list', function('s:NoOther'))

function! s:Complete() abort
  " Type a new top-level property whose value starts a reference, as a user would.
  call s:Goto('value: ${balancer.privateIP}', 0)
  let at = line('.')
  call append(at, ['  balancer_port:', '    type: integer', '    value: ${balancer.'])
  call cursor(at + 3, len(getline(at + 3)) + 1)
  " What <C-x><C-o> runs: the omnifunc's two calls.
  let start = LmComplete(1, '')
  call s:Assert(start == len(getline('.')), 'completion starts at ' . start)
  let items = LmComplete(0, '')
  let labels = map(copy(items), {_, it -> it.word})
  let expected = s:PropertyNames(s:balancer)
  call s:Assert(len(expected) >= 5, 'could not read the properties of ' . s:balancer)
  let missing = filter(copy(expected), {_, n -> index(labels, n) < 0})
  call s:Assert(empty(missing), 'missing ' . join(missing, ', ') . ' in ' . join(labels, ', '))
  " Undo the typing so later positions stay as seeded (the next request sends the text again).
  call deletebufline(s:buf, at + 1, at + 3)
  return len(items) . ' items, all ' . len(expected) . ' properties: ' . join(expected, ', ')
endfunction
call s:Check('completion of ${balancer. lists the properties of balancer/Definitions/lm/resource.yaml',
      \ function('s:Complete'))

function! s:Hover() abort
  call s:Goto('${balancer.publicIp}', 13)
  let text = LmHover()
  call s:Assert(stridx(text, 'publicIp') >= 0, 'hover: ' . text)
  call s:Assert(stridx(text, 'Floating address published to viewers') >= 0, 'no description in hover: ' . text)
  return strpart(substitute(text, '\n', ' ', 'g'), 0, 100)
endfunction
call s:Check('hover on ${balancer.publicIp} shows the property documentation', function('s:Hover'))

function! s:Definition() abort
  call s:Goto('${balancer.publicIp}', 13)
  let loc = LmDefinition()
  call s:Assert(!empty(loc), 'no location')
  let want = match(readfile(s:balancer), '^  publicIp:') + 1
  call s:Assert(expand('%:p') ==# s:balancer, 'jumped to ' . expand('%:p'))
  call s:Assert(line('.') == want, printf('cursor on line %d, expected %d', line('.'), want))
  return fnamemodify(s:balancer, ':.') . ':' . want
endfunction
call s:Check('definition of ${balancer.publicIp} jumps to balancer/Definitions/lm/resource.yaml',
      \ function('s:Definition'))

" The workspace features, from the balancer resource (the definition check made it the current buffer).
function! s:References() abort
  call s:Assert(expand('%:p') ==# s:balancer, 'not in the balancer resource')
  call s:Goto('  publicIp:', 2)
  let qf = LmReferences()
  let files = {}
  for l in qf | let files[fnamemodify(bufname(l.bufnr), ':p')] = 1 | endfor
  call s:Assert(has_key(files, s:assembly), 'no reference in the assembly: ' . string(keys(files)))
  call s:Assert(has_key(files, s:balancer), 'declaration not included: ' . string(keys(files)))
  return len(qf) . ' locations in ' . len(files) . ' files (quickfix list)'
endfunction
call s:Check('references of publicIp (resource) include the assembly that maps it', function('s:References'))

function! s:Rename() abort
  call s:Goto('  publicIp:', 2)
  let n = LmRename('floatingIp')
  let in_asm = join(getbufline(s:buf, 1, '$'), "\n")
  let in_res = join(getbufline(bufnr(s:balancer), 1, '$'), "\n")
  call s:Assert(stridx(in_asm, '${balancer.floatingIp}') >= 0, 'assembly not renamed')
  call s:Assert(stridx(in_asm, '${balancer.publicIp}') < 0, 'assembly keeps publicIp')
  call s:Assert(stridx(in_res, "\n  floatingIp:") >= 0, 'resource not renamed')
  " The server got the edited texts: the renamed reference hovers under its new name.
  execute 'hide buffer' s:buf
  call s:Goto('${balancer.floatingIp}', 13)
  " (The server re-reads an edited open file after its debounce, so allow it that long.)
  call s:Assert(s:Wait('stridx(LmHover(), "floatingIp") >= 0', 5000), 'hover after the rename: ' . LmHover())
  return n . ' files edited'
endfunction
call s:Check('rename publicIp -> floatingIp edits the resource and the assembly', function('s:Rename'))

function! s:Alive() abort
  let jobs = filter(map(range(1, bufnr('$')), {_, b -> getbufvar(b, 'lm_root', '')}), {_, r -> !empty(r)})
  call s:Assert(!empty(jobs), 'no buffer attached')
  call s:Goto('${balancer.floatingIp}', 13)
  call s:Assert(type(LmRequest('textDocument/hover', {})) == v:t_dict, 'no answer')
  return 'one server for ' . len(jobs) . ' buffers'
endfunction
call s:Check('server stays up and answers after the checks', function('s:Alive'))

call s:Finish()
