// Pure: where the packaged README's pictures are read from. VS Code's details page of an
// extension installed from a .vsix shows only https pictures (its sanitizer drops relative and
// data: sources), so a release gives vsce a base URL inside the repository the release runs in,
// at the tag it releases (both exist by then); the README in the repository keeps its relative
// paths, which GitHub and the Marketplace resolve themselves. Used by tools/release/release.ts.

/** The README's pictures with a relative source (`![alt](media/…)`), in order. */
export function relativeImages(readme: string): string[] {
  return [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((src) => src !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(src) && !src.startsWith('#'));
}

/**
 * The base for the pictures of a release run by GitHub Actions: the repository's raw files at
 * the tag. Undefined outside GitHub's own service, or when the repository's name is not one
 * GitHub could have given (the value comes from the environment).
 */
export function githubImagesBase(env: NodeJS.ProcessEnv, tag: string): string | undefined {
  const repository = env['GITHUB_REPOSITORY'] ?? '';
  const server = env['GITHUB_SERVER_URL'] ?? '';
  if (server !== 'https://github.com' || !/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(repository) || !/^v\d+\.\d+\.\d+$/.test(tag)) return undefined;
  return `https://raw.githubusercontent.com/${repository}/${tag}/`;
}

/** A base URL given by hand: https only (the details page shows nothing else), ending in a slash. */
export function checkImagesBase(base: string): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`--images-base ${JSON.stringify(base)} is not a URL.`);
  }
  if (url.protocol !== 'https:' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new Error(`--images-base must be a plain https:// URL (VS Code shows no other pictures), not ${JSON.stringify(base)}.`);
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** The README as vsce packages it with that base: each relative picture prefixed by it. */
export function withImagesBase(readme: string, base: string): string {
  return readme.replace(/(!\[[^\]]*\]\()([^)\s]+)(\))/g, (all, open: string, src: string, close: string) => (relativeImages(`![](${src})`).length === 1 ? `${open}${base}${src}${close}` : all));
}
