// Where the packaged README's pictures are read from (tools/release/readmeImages.ts): the
// relative pictures found, the GitHub base of a release, a base given by hand, the rewrite.
import * as assert from 'node:assert/strict';
import { checkImagesBase, githubImagesBase, relativeImages, withImagesBase } from '../../../tools/release/readmeImages';

const README = '# T\n\n![tree](media/a.png)\n\n| ![x](media/b.png) | ![y](https://example.com/c.png) |\n\n[a link](#install) ![d](data:image/png;base64,AA==)\n';

describe('tools/release/readmeImages.ts', () => {
  it('finds the pictures with a relative source, in order', () => {
    assert.deepEqual(relativeImages(README), ['media/a.png', 'media/b.png']);
  });

  it("takes the release's repository at its tag on GitHub, and nothing it cannot trust", () => {
    const env = { GITHUB_REPOSITORY: 'acme/leak-search', GITHUB_SERVER_URL: 'https://github.com' };
    assert.equal(githubImagesBase(env, 'v0.2.0'), 'https://raw.githubusercontent.com/acme/leak-search/v0.2.0/');
    assert.equal(githubImagesBase({ ...env, GITHUB_SERVER_URL: 'https://ghe.example.com' }, 'v0.2.0'), undefined, 'GitHub Enterprise serves raw files elsewhere');
    assert.equal(githubImagesBase({}, 'v0.2.0'), undefined, 'not on GitHub Actions');
    assert.equal(githubImagesBase({ ...env, GITHUB_REPOSITORY: 'acme/x/../../evil' }, 'v0.2.0'), undefined);
    assert.equal(githubImagesBase(env, 'main'), undefined, 'only a version tag is a fixed place');
  });

  it('accepts a plain https base given by hand, ending it with a slash', () => {
    assert.equal(checkImagesBase('https://cdn.example.com/leak-search/0.2.0'), 'https://cdn.example.com/leak-search/0.2.0/');
    for (const bad of ['http://cdn.example.com/', 'https://user:pw@cdn.example.com/', 'https://cdn.example.com/?a=1', 'media/', 'file:///tmp/']) {
      assert.throws(() => checkImagesBase(bad), /--images-base/, bad);
    }
  });

  it('prefixes only the relative pictures, as vsce packages them', () => {
    assert.equal(
      withImagesBase(README, 'https://h.example/r/'),
      '# T\n\n![tree](https://h.example/r/media/a.png)\n\n| ![x](https://h.example/r/media/b.png) | ![y](https://example.com/c.png) |\n\n[a link](#install) ![d](data:image/png;base64,AA==)\n',
    );
  });
});
