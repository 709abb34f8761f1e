import { describe, expect, it } from 'vitest';
import { classifyPath, foreignLicensed } from './classify';

const cat = (p: string) => classifyPath(p)?.category;

describe('what is not the applicant\'s program, by path', () => {
  it('knows tests in every mainstream convention', () => {
    for (const p of ['tests/test_views.py', 'app/tests.py', 'blog/test_models.py', 'conftest.py', 'cmd/root_test.go', 'src/test/java/com/x/UserServiceTest.java', 'src/main/java/com/x/UserIT.java', 'src/__tests__/a.js', 'src/a.spec.ts', 'src/b.test.jsx', 'spec/models/user_spec.rb', 'e2e/login.cy.ts', 'internal/mock_store.go', 'mock/user.js', 'src/api/mocking/test-api.js', 'src/mocks/handlers.ts']) {
      expect([p, cat(p)]).toEqual([p, 'test']);
    }
    // Names that only look like tests are business code.
    for (const p of ['src/main/java/com/x/Contest.java', 'src/main/java/com/x/AuditService.java', 'src/Manifest.kt', 'src/latest.js', 'app/testimonials.py', 'src/attestation.go']) expect([p, cat(p)]).toEqual([p, undefined]);
  });
  it('knows generated code, build/CI/deployment files and vendored code', () => {
    for (const p of ['blog/migrations/0001_initial.py', 'alembic/versions/3a1b_add.py', 'src/main/resources/db/migration/V1_2__init.sql', 'prisma/migrations/20240101_init/migration.sql', 'api/user.pb.go', 'lib/model.g.dart', 'proto/user_pb2.py', 'db/migrate/001_create.rb']) {
      expect([p, cat(p)]).toEqual([p, 'generated']);
    }
    for (const p of ['.github/workflows/upload.py', 'Dockerfile', 'deploy/start.sh', 'scripts/upload.sh', 'Makefile', 'Jenkinsfile', 'docker-compose.prod.yml', 'ci/build.js', 'build.gradle', 'app/build.gradle.kts', 'settings.gradle', 'gradle.properties', 'gradle/wrapper/gradle-wrapper.properties', 'config/dev.env.js', 'config/prod.env.js']) expect([p, cat(p)]).toEqual([p, 'build']);
    for (const p of ['utils/qqmap-wx-jssdk.js', 'libs/trtc/index.js', 'miniprogram/trtc-sdk/room.js', 'static/js/jquery-3.6.0.js', 'components/uni_modules/uv-ui/index.vue', 'static/echarts.common.min.js', 'public/axios.min.js', 'static/chart-2.9.4.js', 'utils/cos-wx-sdk-v5.js', 'js/vue.runtime.esm.js']) expect([p, cat(p)]).toEqual([p, 'vendored']);
    for (const p of ['manage.py', 'src/main.go', 'pages/cart/cart.js', 'src/views/order/index.vue', 'src/main/java/com/x/controller/UserController.java', 'src/api/axios-config.js', 'src/utils/axios.js', 'src/components/chart.js', 'utils/qrcode.js', 'src/layer-manager.js']) expect([p, cat(p)]).toEqual([p, undefined]);
  });
  it('takes a licence holder few files name for someone else\'s code', () => {
    const holders = new Map([...Array.from({ length: 8 }, (_, i) => [`src/f${i}.java`, 'Acme Ltd.'] as [string, string]), ['src/Base64.java', 'Apache Software Foundation']]);
    expect([...foreignLicensed(holders, 40).keys()]).toEqual(['src/Base64.java']);
  });
});
