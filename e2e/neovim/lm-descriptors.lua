-- LM Descriptors & TOSCA language server in Neovim 0.7+ with no plugins.
-- Paste this into your init.lua. Set `server` to the dist/server.js of your build, or set the
-- environment variable LM_DESCRIPTORS_SERVER. Node 20.12 or newer must be on PATH.
-- (e2e/neovim/harness.lua loads this exact file, so the snippet in the README is tested.)
local server = vim.env.LM_DESCRIPTORS_SERVER or vim.fn.expand('~/lm-descriptors/dist/server.js')

local function lm_root(file)
  -- The server's and the checker's rule: the version-control root, else the top-most folder
  -- holding an lmctl project or a CSAR, else the file's folder; never the home folder or `/`.
  local home = vim.fn.expand('~')
  local start = vim.fn.fnamemodify(file, ':p:h')
  local dir, top = start, nil
  while dir ~= '/' and dir ~= home do
    for _, m in ipairs({ '.git', '.hg', '.svn' }) do
      if vim.fn.isdirectory(dir .. '/' .. m) == 1 or vim.fn.filereadable(dir .. '/' .. m) == 1 then return dir end
    end
    for _, m in ipairs({ 'lmproject.yml', 'lmproject.yaml', 'TOSCA-Metadata/TOSCA.meta' }) do
      if vim.fn.filereadable(dir .. '/' .. m) == 1 then top = dir end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then break end
    dir = parent
  end
  return top or start
end

local function lm_on_attach(_, bufnr)
  vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc' -- <C-x><C-o> completes ${...}
  local opts = { buffer = bufnr }
  vim.keymap.set('n', 'gd', vim.lsp.buf.definition, opts)
  vim.keymap.set('n', 'K', vim.lsp.buf.hover, opts)
  vim.keymap.set('n', 'gl', vim.diagnostic.open_float, opts)
  vim.keymap.set('n', 'gr', vim.lsp.buf.references, opts)
  vim.keymap.set('n', '<leader>rn', vim.lsp.buf.rename, opts)
  vim.keymap.set('n', 'gO', vim.lsp.buf.document_symbol, opts)
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
