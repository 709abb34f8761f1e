import { useSearchParams } from 'react-router';
import NoticeList from './NoticeList';
import NoticeDetail from './NoticeDetail';

/** 政策库: the notice list, or one notice when `?id=` is given (deep-linkable). */
export default function NoticePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? <NoticeDetail id={id} /> : <NoticeList />;
}
