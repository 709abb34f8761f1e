import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page fails to load (e.g. a chunk could not be fetched after a deployment). */
export default function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  console.error('[route]', error);
  return (
    <Result
      status={notFound ? '404' : 'error'}
      title={notFound ? '页面不存在' : '页面加载失败'}
      subTitle={notFound ? '您访问的页面不存在或已被移除。' : '可能是网络不稳定或网站刚刚更新，请刷新页面后重试。'}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          返回首页
        </Button>
      }
    />
  );
}
