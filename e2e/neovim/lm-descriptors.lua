-- LM Descriptors & TOSCA language server in Neovim 0.7+ with no plugins.
-- Paste this into your init.lua. Set `server` to the dist/server.js of your build, or set the
-- environment variable LM_DESCRIPTORS_SERVER. Node 20 or newer must be on PATH.
-- (e2e/neovim/harness.lua loads this exact file, so the snippet in the README is tested.)
local server = vim.env.LM_DESCRIPTORS_SERVER or vim.fn.expand('~/lm-descriptors/dist/server.js')

local function lm_root(file)
  -- The lmctl project folder (the one with lmproject.yml), else the current folder.
  local dir = vim.fn.fnamemodify(file, ':p:h')
  for _, name in ipairs({ 'lmproject.yml', 'lmproject.yaml' }) do
    local found = vim.fn.findfile(name, dir .. ';')
    if found ~= '' then return vim.fn.fnamemodify(found, ':p:h') end
  end
  return vim.fn.getcwd()
end

local function lm_on_attach(_, bufnr)
  vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc' -- <C-x><C-o> completes ${...}
  local opts = { buffer = bufnr }
  vim.keymap.set('n', 'gd', vim.lsp.buf.definition, opts)
  vim.keymap.set('n', 'K', vim.lsp.buf.hover, opts)
  vim.keymap.set('n', 'gl', vim.diagnostic.open_float, opts)
end

local lm_clients = {} -- root folder -> client id (Neovim 0.7 has no vim.lsp.start)
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'yaml',
  group = vim.api.nvim_create_augroup('lm-descriptors', { clear = true }),
  callback = function(args)
    local root = lm_root(vim.api.nvim_buf_get_name(args.buf))
    local config = {
      name = 'lm-descriptors',
      cmd = { 'node', server, '--stdio' },
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ':t') } },
      on_attach = lm_on_attach,
    }
    if vim.lsp.start then -- Neovim 0.8+: reuses a running client with the same name and root
      vim.lsp.start(config, { bufnr = args.buf })
    else
      lm_clients[root] = lm_clients[root] or vim.lsp.start_client(config)
      if lm_clients[root] then vim.lsp.buf_attach_client(args.buf, lm_clients[root]) end
    end
  end,
})
