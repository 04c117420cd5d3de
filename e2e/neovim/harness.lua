-- Neovim (0.7.2, Debian) headless harness for the LM Descriptors language server.
-- Run by e2e/neovim/run.sh:  nvim --headless -u NONE -i NONE -n -c 'luafile harness.lua'
-- Env: LM_E2E_WS (seeded copy of examples/video-streamer, see e2e/lib/seed-workspace.sh),
--      LM_DESCRIPTORS_SERVER (dist/server.js), LM_E2E_CONFIG (the user snippet lm-descriptors.lua).
-- Prints one `ok - ...` / `not ok - ...` line per check and exits 0 only when all passed.
local ws = assert(os.getenv('LM_E2E_WS'), 'LM_E2E_WS not set')
local config = assert(os.getenv('LM_E2E_CONFIG'), 'LM_E2E_CONFIG not set')
local TIMEOUT = tonumber(os.getenv('LM_E2E_TIMEOUT_MS') or '20000')
local t0 = vim.loop.hrtime()
local passed, failed = 0, 0

local function out(s) io.stdout:write(s .. '\n') end
local function ms() return math.floor((vim.loop.hrtime() - t0) / 1e6) end
local function finish()
  out(string.format('neovim: %d passed, %d failed (%d ms)', passed, failed, ms()))
  for _, c in pairs(vim.lsp.get_active_clients()) do c.stop(true) end
  if failed > 0 then vim.cmd('cquit 1') else vim.cmd('qa!') end
end
local function check(name, fn)
  local okc, res = pcall(fn)
  if okc and res ~= false then
    passed = passed + 1
    out('ok - ' .. name .. (type(res) == 'string' and (' (' .. res .. ')') or ''))
  else
    failed = failed + 1
    out('not ok - ' .. name .. ': ' .. tostring(okc and 'check returned false' or res))
  end
  return okc and res ~= false
end
local function fatal(msg)
  failed = failed + 1
  out('not ok - ' .. msg)
  finish()
end

local function read_lines(path)
  local lines = {}
  for l in io.lines(path) do lines[#lines + 1] = l end
  return lines
end
-- Top-level `properties:` keys of a descriptor, read with a plain line scan (no YAML library here).
local function property_names(path)
  local names, inside = {}, false
  for _, l in ipairs(read_lines(path)) do
    if l:match('^properties:%s*$') then inside = true
    elseif l:match('^%S') then inside = false
    elseif inside then
      local k = l:match('^  ([%w_%-]+):%s*$')
      if k then names[#names + 1] = k end
    end
  end
  return names
end
-- 0-based {line, character} of the first match of a literal string in the buffer (+ offset chars).
local function find(buf, needle, plus)
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local s = l:find(needle, 1, true)
    if s then return { line = i - 1, character = s - 1 + (plus or 0) } end
  end
  error('text not found in buffer: ' .. needle)
end
local function request(buf, id, method, pos)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = pos }
  local res, err = vim.lsp.buf_request_sync(buf, method, params, TIMEOUT)
  if not res then error(method .. ' failed: ' .. tostring(err)) end
  local r = res[id]
  if not r then error(method .. ': no answer from the client') end
  if r.error then error(method .. ' error: ' .. vim.inspect(r.error)) end
  return r.result
end
local function hover_text(result)
  local c = result and result.contents
  if type(c) == 'string' then return c end
  if type(c) == 'table' and c.value then return c.value end
  if type(c) == 'table' then
    local parts = {}
    for _, p in ipairs(c) do parts[#parts + 1] = type(p) == 'string' and p or p.value end
    return table.concat(parts, '\n')
  end
  return ''
end

-- The user's setup, exactly as the README shows it.
vim.cmd('filetype on')
dofile(config)

local assembly = ws .. '/Descriptor/assembly.yml'
local balancer = ws .. '/Contains/balancer/Definitions/lm/resource.yaml'
vim.cmd('edit ' .. vim.fn.fnameescape(assembly))
local buf = vim.api.nvim_get_current_buf()

local client
check('filetype yaml starts and attaches the lm-descriptors client', function()
  assert(vim.bo[buf].filetype == 'yaml', 'filetype is ' .. vim.bo[buf].filetype)
  local okw = vim.wait(TIMEOUT, function()
    for _, c in pairs(vim.lsp.buf_get_clients(buf)) do
      if c.name == 'lm-descriptors' and c.initialized then client = c return true end
    end
    return false
  end, 20)
  assert(okw, 'no initialized lm-descriptors client within ' .. TIMEOUT .. ' ms')
  assert(client.server_capabilities.completionProvider, 'no completionProvider')
  assert(vim.wait(2000, function() return vim.bo[buf].omnifunc == 'v:lua.vim.lsp.omnifunc' end, 20), 'on_attach did not run (omnifunc not set)')
  return 'initialized after ' .. ms() .. ' ms, root ' .. client.config.root_dir
end)
if not client then fatal('the server did not start; see ' .. vim.lsp.get_log_path()) return end

-- Diagnostics are pushed: LM031 at once (local rule), LM032 when the workspace index is built.
local function diag(code)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code == code) then return d end
  end
end
local have = vim.wait(TIMEOUT, function() return diag('LM031') ~= nil and diag('LM032') ~= nil end, 50)
check('diagnostic LM031 (error) on ${deploymentLocaton}', function()
  local d = assert(diag('LM031'), 'no LM031 after ' .. TIMEOUT .. ' ms; got ' .. vim.inspect(vim.diagnostic.get(buf)))
  local at = find(buf, 'deploymentLocaton}', 0)
  assert(d.severity == vim.diagnostic.severity.ERROR, 'severity ' .. tostring(d.severity))
  assert(d.lnum == at.line, ('line %d, expected %d'):format(d.lnum, at.line))
  assert(d.message:find('deploymentLocation', 1, true), 'message: ' .. d.message)
  return ('%d:%d %s'):format(d.lnum + 1, d.col + 1, d.message)
end)
check('diagnostic LM032 (cross-file) on ${balancer.privateIP}', function()
  local d = assert(diag('LM032'), 'no LM032 after ' .. TIMEOUT .. ' ms (have=' .. tostring(have) .. ')')
  local at = find(buf, 'privateIP}', 0)
  assert(d.lnum == at.line and d.col == at.character, ('at %d:%d, expected %d:%d'):format(d.lnum, d.col, at.line, at.character))
  assert(d.message:find('Did you mean `privateIp`', 1, true), 'message: ' .. d.message)
  return ('%d:%d %s'):format(d.lnum + 1, d.col + 1, d.message)
end)
check('no other diagnostics in the seeded assembly', function()
  local extra = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code ~= 'LM031' and d.code ~= 'LM032' then extra[#extra + 1] = tostring(d.code) .. ' ' .. d.message end
  end
  assert(#extra == 0, table.concat(extra, '; '))
end)

check('completion of ${balancer. lists the properties of balancer/Definitions/lm/resource.yaml', function()
  -- Type a new top-level property whose value starts a reference, as a user would.
  local at = find(buf, 'value: ${balancer.privateIP}')
  vim.api.nvim_buf_set_lines(buf, at.line + 1, at.line + 1, false,
    { '  balancer_port:', '    type: integer', '    value: ${balancer.' })
  local line = vim.api.nvim_buf_get_lines(buf, at.line + 3, at.line + 4, false)[1]
  local result = request(buf, client.id, 'textDocument/completion', { line = at.line + 3, character = #line })
  local items = result and (result.items or result) or {}
  local labels = {}
  for _, it in ipairs(items) do labels[it.label] = true end
  local expected = property_names(balancer)
  assert(#expected >= 5, 'could not read the properties of ' .. balancer)
  local missing = {}
  for _, n in ipairs(expected) do if not labels[n] then missing[#missing + 1] = n end end
  assert(#missing == 0, 'missing ' .. table.concat(missing, ', ') .. ' in ' .. vim.inspect(vim.tbl_keys(labels)))
  -- Undo the typing so later positions stay as seeded.
  vim.api.nvim_buf_set_lines(buf, at.line + 1, at.line + 4, false, {})
  return #items .. ' items, all ' .. #expected .. ' properties: ' .. table.concat(expected, ', ')
end)

check('hover on ${balancer.publicIp} shows the property documentation', function()
  local result = request(buf, client.id, 'textDocument/hover', find(buf, '${balancer.publicIp}', 13))
  local text = hover_text(result)
  assert(text:find('publicIp', 1, true), 'hover: ' .. text)
  assert(text:find('Floating address published to viewers', 1, true), 'no description in hover: ' .. text)
  return (text:gsub('\n', ' '):sub(1, 100))
end)

check('definition of ${balancer.publicIp} jumps to balancer/Definitions/lm/resource.yaml', function()
  local result = request(buf, client.id, 'textDocument/definition', find(buf, '${balancer.publicIp}', 13))
  if result and result.uri then result = { result } end
  local loc = assert(result and result[1], 'no location')
  local uri = loc.targetUri or loc.uri
  local range = loc.targetSelectionRange or loc.range
  assert(vim.uri_to_fname(uri) == balancer, 'uri ' .. uri)
  local want
  for i, l in ipairs(read_lines(balancer)) do if l:match('^  publicIp:') then want = i - 1 end end
  assert(range.start.line == want, ('line %d, expected %d'):format(range.start.line, want))
  -- And the editor can follow it: open the target like `gd` does.
  vim.lsp.util.jump_to_location(loc, client.offset_encoding)
  assert(vim.api.nvim_buf_get_name(0) == balancer, 'jumped to ' .. vim.api.nvim_buf_get_name(0))
  assert(vim.api.nvim_win_get_cursor(0)[1] == want + 1, 'cursor not on publicIp')
  return vim.fn.fnamemodify(balancer, ':.') .. ':' .. (want + 1)
end)

-- The workspace features: references across files and a rename edit, from the balancer resource
-- (the definition check left it as the current buffer).
local res_buf = vim.fn.bufnr(balancer)
check('references of publicIp (resource) include the assembly that maps it', function()
  local pos = find(res_buf, '  publicIp:', 2)
  local params = { textDocument = { uri = vim.uri_from_bufnr(res_buf) }, position = pos,
    context = { includeDeclaration = true } }
  local res, err = vim.lsp.buf_request_sync(res_buf, 'textDocument/references', params, TIMEOUT)
  assert(res and res[client.id] and not res[client.id].error, 'references failed: ' .. vim.inspect(err or res))
  local locs = res[client.id].result or {}
  local files = {}
  for _, l in ipairs(locs) do files[vim.uri_to_fname(l.uri)] = (files[vim.uri_to_fname(l.uri)] or 0) + 1 end
  assert(files[assembly], 'no reference in the assembly: ' .. vim.inspect(files))
  assert(files[balancer], 'declaration not included: ' .. vim.inspect(files))
  return #locs .. ' locations in ' .. #vim.tbl_keys(files) .. ' files'
end)

check('rename publicIp -> floatingIp edits the resource and the assembly', function()
  local pos = find(res_buf, '  publicIp:', 2)
  local params = { textDocument = { uri = vim.uri_from_bufnr(res_buf) }, position = pos, newName = 'floatingIp' }
  local res, err = vim.lsp.buf_request_sync(res_buf, 'textDocument/rename', params, TIMEOUT)
  assert(res and res[client.id] and not res[client.id].error, 'rename failed: ' .. vim.inspect(err or res))
  local edit = assert(res[client.id].result, 'no WorkspaceEdit')
  vim.lsp.util.apply_workspace_edit(edit, client.offset_encoding)
  local in_asm = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
  local in_res = table.concat(vim.api.nvim_buf_get_lines(res_buf, 0, -1, false), '\n')
  assert(in_asm:find('${balancer.floatingIp}', 1, true), 'assembly not renamed')
  assert(not in_asm:find('${balancer.publicIp}', 1, true), 'assembly keeps publicIp')
  assert(in_res:find('\n  floatingIp:', 1, true), 'resource not renamed')
  local changed = 0
  for _ in pairs(edit.changes or {}) do changed = changed + 1 end
  for _ in ipairs(edit.documentChanges or {}) do changed = changed + 1 end
  return changed .. ' files edited'
end)

check('server stays up and answers after the checks', function()
  assert(not client.is_stopped(), 'client stopped')
  return client.name .. ' client ' .. client.id .. ' still running'
end)

finish()
